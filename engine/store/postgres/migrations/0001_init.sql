-- memsvc schema v1. Every per-user table has the user id first in its
-- primary key, and row-level security (forced, so the table owner is held
-- to it too) limits the app role to the rows of the user its transaction
-- set with set_config('memsvc.user_id', user, true). Identifiers compare
-- byte-wise (COLLATE "C") so scans come back in the same order as Badger's.

DO $$
BEGIN
	CREATE ROLE memsvc_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
	NULL; -- roles are cluster-wide: another database created it
END
$$;

-- One row per user: its write version. Every Update locks and bumps it.
CREATE TABLE user_versions (
	user_id text COLLATE "C" NOT NULL,
	version bigint NOT NULL,
	PRIMARY KEY (user_id)
);

-- Memory records as the engine's JSON, byte for byte.
CREATE TABLE memories (
	user_id text COLLATE "C" NOT NULL,
	id      text COLLATE "C" NOT NULL,
	record  bytea NOT NULL,
	PRIMARY KEY (user_id, id)
);

-- Embeddings: little-endian float32s; no dimension in the type, the engine
-- pins the model and dimension in meta.
CREATE TABLE vectors (
	user_id text COLLATE "C" NOT NULL,
	id      text COLLATE "C" NOT NULL,
	vec     bytea NOT NULL,
	PRIMARY KEY (user_id, id)
);

-- The BM25 inverted index, exactly as PutMemory was given it: the engine
-- rebuilds its in-memory index from these rows.
CREATE TABLE postings (
	user_id text COLLATE "C" NOT NULL,
	term    text COLLATE "C" NOT NULL,
	id      text COLLATE "C" NOT NULL,
	tf      integer NOT NULL,
	doc_len integer NOT NULL,
	PRIMARY KEY (user_id, term, id)
);
CREATE INDEX postings_by_memory ON postings (user_id, id);

-- JSON documents of other kinds. Ids are bytea: the engine builds some with
-- a 0x00 separator, which text cannot hold.
CREATE TABLE docs (
	user_id    text COLLATE "C" NOT NULL,
	collection text COLLATE "C" NOT NULL,
	id         bytea NOT NULL,
	body       bytea NOT NULL,
	PRIMARY KEY (user_id, collection, id)
);

-- Which users have documents in a collection (Store.Users): ids only, so
-- background work can find its users; readable across users.
CREATE TABLE collection_users (
	collection text COLLATE "C" NOT NULL,
	user_id    text COLLATE "C" NOT NULL,
	PRIMARY KEY (collection, user_id)
);

-- The last version that changed each memory id; deleted marks a tombstone.
-- Holds ids only, never content.
CREATE TABLE changes (
	user_id text COLLATE "C" NOT NULL,
	id      text COLLATE "C" NOT NULL,
	version bigint NOT NULL,
	deleted boolean NOT NULL,
	PRIMARY KEY (user_id, id)
);
CREATE INDEX changes_by_version ON changes (user_id, version);

-- Store-wide settings (the pinned embedding model). Not per user.
CREATE TABLE meta (
	key   text COLLATE "C" NOT NULL PRIMARY KEY,
	value text NOT NULL
);

-- Leased background jobs. Workers claim across users, so rows hold ids and
-- small references only; the work itself reads the user's data under RLS.
CREATE TABLE jobs (
	queue       text COLLATE "C" NOT NULL,
	id          text COLLATE "C" NOT NULL,
	user_id     text COLLATE "C" NOT NULL,
	payload     bytea NOT NULL,
	enqueued_at timestamptz NOT NULL DEFAULT now(),
	worker      text,
	claim       bigint NOT NULL DEFAULT 0,
	lease_until timestamptz,
	PRIMARY KEY (queue, user_id, id)
);
CREATE INDEX jobs_available ON jobs (queue, lease_until NULLS FIRST, enqueued_at);

-- Tenancy. user_id() is the user of the current transaction, '' if none.
CREATE FUNCTION memsvc_user() RETURNS text LANGUAGE sql STABLE
	AS $f$ SELECT coalesce(current_setting('memsvc.user_id', true), '') $f$;

DO $$
DECLARE t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['user_versions', 'memories', 'vectors', 'postings', 'docs', 'changes'] LOOP
		EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
		EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
		EXECUTE format('CREATE POLICY tenant ON %I USING (user_id = memsvc_user()) WITH CHECK (user_id = memsvc_user())', t);
		EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO memsvc_app', t);
	END LOOP;
END
$$;

-- collection_users and jobs: anyone may read (ids only); a row is written
-- only for the transaction's own user.
ALTER TABLE collection_users ENABLE ROW LEVEL SECURITY;
ALTER TABLE collection_users FORCE ROW LEVEL SECURITY;
CREATE POLICY read_all ON collection_users FOR SELECT USING (true);
CREATE POLICY write_own ON collection_users FOR INSERT WITH CHECK (user_id = memsvc_user());
GRANT SELECT, INSERT ON collection_users TO memsvc_app;

ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
CREATE POLICY read_all ON jobs FOR SELECT USING (true);
CREATE POLICY lease_any ON jobs FOR UPDATE USING (true);
CREATE POLICY delete_any ON jobs FOR DELETE USING (true);
CREATE POLICY enqueue_own ON jobs FOR INSERT WITH CHECK (user_id = memsvc_user());
GRANT SELECT, INSERT, UPDATE, DELETE ON jobs TO memsvc_app;

GRANT SELECT, INSERT, UPDATE ON meta TO memsvc_app;
GRANT EXECUTE ON FUNCTION memsvc_user() TO memsvc_app;
GRANT SELECT ON schema_migrations TO memsvc_app;
