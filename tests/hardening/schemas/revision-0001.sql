BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('0001');
CREATE TABLE game (
	id VARCHAR(40) NOT NULL, 
	kind VARCHAR(10) NOT NULL, 
	rules JSON NOT NULL, 
	version INTEGER NOT NULL, 
	edit_key_hash VARCHAR(128) NOT NULL, 
	tiebreaker_winner VARCHAR(40), 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	CONSTRAINT pk_game PRIMARY KEY (id)
);
INSERT INTO "game" VALUES('past-game-00000000001','uno','{"target": 500, "scoring": "winner_takes"}',2,'ac2b9c4b719fa17b38750fec24f323b169328c7007021e86dd7ca5cb86a51e6b',NULL,'2025-01-01 10:00:00.000000','2025-01-01 10:05:00.000000');
CREATE TABLE idempotent_reply (
	id INTEGER NOT NULL, 
	game_id VARCHAR(40) NOT NULL, 
	"key" VARCHAR(100) NOT NULL, 
	status INTEGER NOT NULL, 
	body JSON NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_idempotent_reply PRIMARY KEY (id), 
	CONSTRAINT fk_idempotent_reply_game_id_game FOREIGN KEY(game_id) REFERENCES game (id) ON DELETE CASCADE, 
	CONSTRAINT uq_idempotent_reply_game_id UNIQUE (game_id, "key")
);
INSERT INTO "idempotent_reply" VALUES(1,'past-game-00000000001','round-1',201,'{"id": "past-game-00000000001", "version": 2}','2025-01-01 10:05:00.000000');
CREATE TABLE player (
	id INTEGER NOT NULL, 
	game_id VARCHAR(40) NOT NULL, 
	seat INTEGER NOT NULL, 
	name VARCHAR(40) NOT NULL, 
	CONSTRAINT pk_player PRIMARY KEY (id), 
	CONSTRAINT fk_player_game_id_game FOREIGN KEY(game_id) REFERENCES game (id) ON DELETE CASCADE, 
	CONSTRAINT uq_player_game_id UNIQUE (game_id, seat)
);
INSERT INTO "player" VALUES(1,'past-game-00000000001',0,'Ana');
INSERT INTO "player" VALUES(2,'past-game-00000000001',1,'Ben');
CREATE TABLE result (
	id INTEGER NOT NULL, 
	round_id INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	entry JSON NOT NULL, 
	points INTEGER NOT NULL, 
	CONSTRAINT pk_result PRIMARY KEY (id), 
	CONSTRAINT fk_result_round_id_round FOREIGN KEY(round_id) REFERENCES round (id) ON DELETE CASCADE, 
	CONSTRAINT uq_result_round_id UNIQUE (round_id, seat)
);
INSERT INTO "result" VALUES(1,1,1,'{"player": "Ben", "points": 32}',32);
CREATE TABLE round (
	id INTEGER NOT NULL, 
	game_id VARCHAR(40) NOT NULL, 
	number INTEGER NOT NULL, 
	went_out VARCHAR(40) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_round PRIMARY KEY (id), 
	CONSTRAINT fk_round_game_id_game FOREIGN KEY(game_id) REFERENCES game (id) ON DELETE CASCADE, 
	CONSTRAINT uq_round_game_id UNIQUE (game_id, number)
);
INSERT INTO "round" VALUES(1,'past-game-00000000001',1,'Ana','2025-01-01 10:05:00.000000');
CREATE INDEX ix_idempotent_reply_game_id ON idempotent_reply (game_id);
CREATE INDEX ix_player_game_id ON player (game_id);
CREATE INDEX ix_round_game_id ON round (game_id);
CREATE INDEX ix_result_round_id ON result (round_id);
COMMIT;
