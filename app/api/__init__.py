"""HTTP endpoints, one blueprint module per resource; ``app.factory`` imports and registers each."""
