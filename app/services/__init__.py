"""Service layer: what the pages and the JSON API both do, between the engine and the database."""
