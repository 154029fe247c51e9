"""``best_discard``'s machinery: the C marshalling (``native``), which options go to which engine
(``options``) and range deals (``deal``); the public function is ``draws.api.best_discard``."""
