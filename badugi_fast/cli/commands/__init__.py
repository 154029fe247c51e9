"""The CLI's commands, a module a family: hands, draws, chart, game (simulate, play, replay)."""
