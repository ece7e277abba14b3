"""Batch work past one process: blocks of JSON Lines checked on Dask workers."""
