-- memsvc schema v6: the request rate limit shared by every replica. One
-- row per user: the theoretical arrival time of the user's next request
-- (GCRA, the token bucket written as one time), in microseconds since the
-- Unix epoch, and whether the last request was allowed. Rows hold user ids
-- and times only, never content; one row per user that ever sent a
-- request. Expand only: older replicas keep their limit in memory.
-- UNLOGGED: every request writes its row, and a bucket is not worth a WAL
-- flush; after a database crash (or on a promoted standby) the table is
-- empty, which only means every bucket starts full.

CREATE UNLOGGED TABLE rate_limits (
	user_id text COLLATE "C" NOT NULL PRIMARY KEY,
	tat     bigint NOT NULL,
	allowed boolean NOT NULL
);
GRANT SELECT, INSERT, UPDATE ON rate_limits TO memsvc_app;
