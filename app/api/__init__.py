"""HTTP endpoints, one module per resource; each is mounted by app.BLUEPRINT_MODULES."""
