BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('0006_seatclaim');
CREATE TABLE claim (
	id VARCHAR(64) NOT NULL, 
	game_id VARCHAR(40) NOT NULL, 
	"right" VARCHAR(60) NOT NULL, 
	masked_key VARCHAR(256) NOT NULL, 
	once BOOLEAN NOT NULL, 
	used_at DATETIME, 
	expires_at DATETIME NOT NULL, 
	created_at DATETIME NOT NULL, used_by VARCHAR(64), 
	CONSTRAINT pk_claim PRIMARY KEY (id)
);
CREATE TABLE crew (
	id VARCHAR(40) NOT NULL, 
	name VARCHAR(60) NOT NULL, 
	key_hash VARCHAR(128) NOT NULL, 
	version INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_crew PRIMARY KEY (id)
);
CREATE TABLE crew_alias (
	id INTEGER NOT NULL, 
	crew_id VARCHAR(40) NOT NULL, 
	person_id INTEGER NOT NULL, 
	name VARCHAR(40) NOT NULL, 
	"key" VARCHAR(160) NOT NULL, 
	CONSTRAINT pk_crew_alias PRIMARY KEY (id), 
	CONSTRAINT fk_crew_alias_crew_id_crew FOREIGN KEY(crew_id) REFERENCES crew (id) ON DELETE CASCADE, 
	CONSTRAINT fk_crew_alias_person_id_crew_person FOREIGN KEY(person_id) REFERENCES crew_person (id) ON DELETE CASCADE, 
	CONSTRAINT uq_crew_alias_crew_id UNIQUE (crew_id, "key")
);
CREATE TABLE crew_game (
	id INTEGER NOT NULL, 
	crew_id VARCHAR(40) NOT NULL, 
	game_id VARCHAR(40) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_crew_game PRIMARY KEY (id), 
	CONSTRAINT fk_crew_game_crew_id_crew FOREIGN KEY(crew_id) REFERENCES crew (id) ON DELETE CASCADE, 
	CONSTRAINT fk_crew_game_game_id_game FOREIGN KEY(game_id) REFERENCES game (id) ON DELETE CASCADE, 
	CONSTRAINT uq_crew_game_crew_id UNIQUE (crew_id, game_id)
);
CREATE TABLE crew_person (
	id INTEGER NOT NULL, 
	crew_id VARCHAR(40) NOT NULL, 
	name VARCHAR(40) NOT NULL, 
	CONSTRAINT pk_crew_person PRIMARY KEY (id), 
	CONSTRAINT fk_crew_person_crew_id_crew FOREIGN KEY(crew_id) REFERENCES crew (id) ON DELETE CASCADE
);
CREATE TABLE "game" (
	id VARCHAR(40) NOT NULL, 
	kind VARCHAR(20) NOT NULL, 
	rules JSON NOT NULL, 
	version INTEGER NOT NULL, 
	edit_key_hash VARCHAR(128) NOT NULL, 
	tiebreaker_winner VARCHAR(40), 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	table_id VARCHAR(40) DEFAULT ('') NOT NULL, 
	previous_id VARCHAR(40), 
	first_dealer VARCHAR(40), started_at DATETIME, finished_at DATETIME, notes TEXT, lineup JSON, name VARCHAR(40), draft JSON, player_keys JSON, 
	CONSTRAINT pk_game PRIMARY KEY (id)
);
INSERT INTO "game" VALUES('past-game-00000000001','uno','{"target": 500, "scoring": "winner_takes"}',2,'ac2b9c4b719fa17b38750fec24f323b169328c7007021e86dd7ca5cb86a51e6b',NULL,'2025-01-01 10:00:00.000000','2025-01-01 10:05:00.000000','past-game-00000000001',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
CREATE TABLE "idempotent_reply" (
	id INTEGER NOT NULL, 
	game_id VARCHAR(40) NOT NULL, 
	"key" VARCHAR(100) NOT NULL, 
	status INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	answer_id VARCHAR(40), 
	CONSTRAINT pk_idempotent_reply PRIMARY KEY (id), 
	CONSTRAINT fk_idempotent_reply_game_id_game FOREIGN KEY(game_id) REFERENCES game (id) ON DELETE CASCADE, 
	CONSTRAINT uq_idempotent_reply_game_id UNIQUE (game_id, "key")
);
INSERT INTO "idempotent_reply" VALUES(1,'past-game-00000000001','round-1',201,'2025-01-01 10:05:00.000000','past-game-00000000001');
CREATE TABLE key_failure (
	id INTEGER NOT NULL, 
	game_id VARCHAR(40) NOT NULL, 
	address VARCHAR(64) NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_key_failure PRIMARY KEY (id)
);
CREATE TABLE move_claim (
	code_hash VARCHAR(64) NOT NULL, 
	payload BLOB NOT NULL, 
	expires_at DATETIME NOT NULL, 
	CONSTRAINT pk_move_claim PRIMARY KEY (code_hash)
);
CREATE TABLE "play_game" (
	id VARCHAR(40) NOT NULL, 
	kind VARCHAR(20) NOT NULL, 
	state JSON NOT NULL, 
	version INTEGER NOT NULL, 
	edit_key_hash VARCHAR(128) NOT NULL, 
	sheet_id VARCHAR(40), 
	sheet_error VARCHAR(500), 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	seat_info JSON, 
	turn_since DATETIME, 
	next_id VARCHAR(40), 
	recent_keys JSON, 
	CONSTRAINT pk_play_game PRIMARY KEY (id), 
	CONSTRAINT fk_play_game_sheet_id_game FOREIGN KEY(sheet_id) REFERENCES game (id) ON DELETE SET NULL
);
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
CREATE TABLE rate_limit (
	name VARCHAR(255) NOT NULL, 
	hits INTEGER NOT NULL, 
	expires_at FLOAT NOT NULL, 
	CONSTRAINT pk_rate_limit PRIMARY KEY (name)
);
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
	created_at DATETIME NOT NULL, extra JSON, saved_at DATETIME, 
	CONSTRAINT pk_round PRIMARY KEY (id), 
	CONSTRAINT fk_round_game_id_game FOREIGN KEY(game_id) REFERENCES game (id) ON DELETE CASCADE, 
	CONSTRAINT uq_round_game_id UNIQUE (game_id, number)
);
INSERT INTO "round" VALUES(1,'past-game-00000000001',1,'Ana','2025-01-01 10:05:00.000000',NULL,NULL);
CREATE INDEX ix_player_game_id ON player (game_id);
CREATE INDEX ix_round_game_id ON round (game_id);
CREATE INDEX ix_result_round_id ON result (round_id);
CREATE INDEX ix_key_failure_created_at ON key_failure (created_at);
CREATE INDEX ix_key_failure_game_id ON key_failure (game_id);
CREATE INDEX ix_rate_limit_expires_at ON rate_limit (expires_at);
CREATE UNIQUE INDEX uq_game_previous_id ON game (previous_id);
CREATE INDEX ix_game_table_id ON game (table_id);
CREATE INDEX ix_move_claim_expires_at ON move_claim (expires_at);
CREATE INDEX ix_crew_person_crew_id ON crew_person (crew_id);
CREATE INDEX ix_crew_alias_crew_id ON crew_alias (crew_id);
CREATE INDEX ix_crew_alias_person_id ON crew_alias (person_id);
CREATE INDEX ix_crew_game_crew_id ON crew_game (crew_id);
CREATE INDEX ix_crew_game_game_id ON crew_game (game_id);
CREATE INDEX ix_idempotent_reply_game_id ON idempotent_reply (game_id);
CREATE INDEX ix_idempotent_reply_created_at ON idempotent_reply (created_at);
CREATE INDEX ix_claim_expires_at ON claim (expires_at);
COMMIT;
