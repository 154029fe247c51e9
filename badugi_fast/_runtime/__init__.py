"""What every layer shares to run work: argument checks (``validate``), thread pools over
numbered chunks (``threads``) and executors over numbered blocks (``blocks``, Dask or local)."""
