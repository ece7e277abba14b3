"""marshmallow schemas for every HTTP request and response; the OpenAPI document comes from them."""
