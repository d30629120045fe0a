-- memsvc schema v4: dashboard sessions signed out before they expired, so a
-- copied session cookie signed out through one replica is refused by every
-- replica, and still after a restart. A row is useless once its session
-- would have expired anyway; EndSession prunes those. Expand only.
CREATE TABLE signed_out_sessions (
	id         text COLLATE "C" NOT NULL PRIMARY KEY,
	expires_at timestamptz NOT NULL
);
CREATE INDEX signed_out_sessions_expires ON signed_out_sessions (expires_at);
GRANT SELECT, INSERT, DELETE ON signed_out_sessions TO memsvc_app;
