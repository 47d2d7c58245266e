// The engine.
