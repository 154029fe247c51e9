"""The CLI's commands, a module a family: hands, draws, chart, game (simulate, play, replay),
histories (import), solve, beliefs, serve (the web views)."""
