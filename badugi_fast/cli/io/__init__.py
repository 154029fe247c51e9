"""The CLI's input and output: hand sources (``sources``), batch output (``batch``) and plots
(``plots``)."""
