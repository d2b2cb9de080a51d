"""The alpha-beta baseline's fixed parts, kept as the first release (hard-v1, a1bae53) had them: its sampling
of hidden tiles, its rules for decisions inside an action, its move order and its hand-written evaluation.

They read games only through `engine.analysis` and the engine's public face, so engine changes cannot change
the baseline's play. The released players themselves run from their commits (bench/releases.py)."""
