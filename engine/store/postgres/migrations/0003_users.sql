-- memsvc schema v3: the list of users (ids only, like collection_users), so
-- an operator can export everyone and erasing a user can tell which images
-- another user still names; row-level security hides user_versions from the
-- app role across users. Expand only.
CREATE TABLE users (
	user_id text COLLATE "C" NOT NULL PRIMARY KEY
);

-- Backfill as the owner: row-level security is forced on user_versions, so
-- it is lifted for this one read inside the migration's transaction.
ALTER TABLE user_versions NO FORCE ROW LEVEL SECURITY;
INSERT INTO users (user_id) SELECT user_id FROM user_versions;
ALTER TABLE user_versions FORCE ROW LEVEL SECURITY;

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY read_all ON users FOR SELECT USING (true);
CREATE POLICY write_own ON users FOR INSERT WITH CHECK (user_id = memsvc_user());
CREATE POLICY delete_own ON users FOR DELETE USING (user_id = memsvc_user());
GRANT SELECT, INSERT, DELETE ON users TO memsvc_app;

-- Erasing a user removes its marks in the collection lists too.
CREATE POLICY delete_own ON collection_users FOR DELETE USING (user_id = memsvc_user());
GRANT DELETE ON collection_users TO memsvc_app;
