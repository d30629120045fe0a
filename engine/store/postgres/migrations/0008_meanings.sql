-- memsvc schema v8: each memory's meaning vector (engine.Meaning: a float32
-- scale, then 512 int8s, as Badger stores it), derived from its text and
-- refilled by the engine when absent. text_sum is the SHA-256 of the text
-- it was computed from: PutMemory drops a meaning whose text changed. A
-- memory's deletion (and so a user's erasure) takes its meaning with it.
-- Expand only: older replicas never read it; a text one of them changes
-- keeps its old meaning until a newer replica rewrites the memory, which
-- for derived data used only to lift a search hit is acceptable.

CREATE TABLE meanings (
	user_id  text COLLATE "C" NOT NULL,
	id       text COLLATE "C" NOT NULL,
	text_sum bytea NOT NULL,
	vec      bytea NOT NULL,
	PRIMARY KEY (user_id, id),
	FOREIGN KEY (user_id, id) REFERENCES memories (user_id, id) ON DELETE CASCADE
);
ALTER TABLE meanings ENABLE ROW LEVEL SECURITY;
ALTER TABLE meanings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON meanings USING (user_id = memsvc_user()) WITH CHECK (user_id = memsvc_user());
GRANT SELECT, INSERT, UPDATE, DELETE ON meanings TO memsvc_app;
