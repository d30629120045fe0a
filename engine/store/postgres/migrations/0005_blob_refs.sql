-- memsvc schema v5: an image is deleted with the last memory naming it.
-- A trigger on memories keeps blob_refs (which memory names which blob) in
-- step with every write, from whichever binary, and deletes a blob in the
-- same transaction that drops its last reference, so no memory ever names
-- a missing image and no image outlives its memories. Expand only.

CREATE TABLE blob_refs (
	sha256  text COLLATE "C" NOT NULL,
	user_id text COLLATE "C" NOT NULL,
	id      text COLLATE "C" NOT NULL,
	PRIMARY KEY (sha256, user_id, id)
);
-- No grant: the app role reaches blob_refs only through the functions
-- below, so it cannot list which users hold which image.

-- A writer stores an image before it commits the memory naming it; a pin
-- keeps the blob meanwhile (consumed by that commit, or expired after ten
-- minutes when the write never came; the sweep then removes the blob).
CREATE TABLE blob_pins (
	pin_id bigserial PRIMARY KEY,
	sha256 text COLLATE "C" NOT NULL,
	until  timestamptz NOT NULL
);
CREATE INDEX blob_pins_by_sha ON blob_pins (sha256);
GRANT INSERT ON blob_pins TO memsvc_app;
GRANT USAGE ON SEQUENCE blob_pins_pin_id_seq TO memsvc_app;

-- memsvc_blob_of is the image a memory record names. Most records name
-- none and are not parsed at all. jsonb refuses a \u0000 escape, so a record
-- with one (the engine refuses NULs, an import may not have) is read by
-- pattern instead: its write must not fail here.
CREATE FUNCTION memsvc_blob_of(record bytea) RETURNS text LANGUAGE sql IMMUTABLE
	AS $f$ SELECT CASE
		WHEN position('"blob_sha256"' in t) = 0 THEN NULL
		WHEN position('\u0000' in t) = 0 THEN nullif(t::jsonb #>> '{source,blob_sha256}', '')
		ELSE substring(t from '"blob_sha256":"([0-9a-f]{64})"')
	END FROM convert_from(record, 'UTF8') AS t $f$;

-- memsvc_drop_blob deletes blob sha unless a memory names it or a pin
-- holds it.
CREATE FUNCTION memsvc_drop_blob(sha text) RETURNS void LANGUAGE sql
	SECURITY DEFINER SET search_path = public, pg_temp
	AS $f$ DELETE FROM blobs WHERE sha256 = sha
		AND NOT EXISTS (SELECT 1 FROM blob_refs r WHERE r.sha256 = sha)
		AND NOT EXISTS (SELECT 1 FROM blob_pins p WHERE p.sha256 = sha AND p.until > now()) $f$;

CREATE FUNCTION memsvc_track_blob() RETURNS trigger LANGUAGE plpgsql
	SECURITY DEFINER SET search_path = public, pg_temp AS $f$
DECLARE
	old_sha text;
	new_sha text;
BEGIN
	IF TG_OP <> 'INSERT' THEN old_sha := memsvc_blob_of(OLD.record); END IF;
	IF TG_OP <> 'DELETE' THEN new_sha := memsvc_blob_of(NEW.record); END IF;
	IF new_sha IS NOT NULL THEN
		-- A memory naming the blob commits: the pin of the put before it is
		-- released (a capture stores its image again on every attempt).
		DELETE FROM blob_pins WHERE pin_id = (SELECT pin_id FROM blob_pins WHERE sha256 = new_sha ORDER BY pin_id LIMIT 1);
	END IF;
	IF old_sha IS NOT DISTINCT FROM new_sha THEN
		RETURN NULL;
	END IF;
	IF new_sha IS NOT NULL THEN
		INSERT INTO blob_refs (sha256, user_id, id) VALUES (new_sha, NEW.user_id, NEW.id) ON CONFLICT DO NOTHING;
	END IF;
	IF old_sha IS NOT NULL THEN
		DELETE FROM blob_refs WHERE sha256 = old_sha AND user_id = OLD.user_id AND id = OLD.id;
		PERFORM memsvc_drop_blob(old_sha);
	END IF;
	RETURN NULL;
END
$f$;

CREATE TRIGGER track_blob AFTER INSERT OR UPDATE OF record OR DELETE ON memories
	FOR EACH ROW EXECUTE FUNCTION memsvc_track_blob();

-- memsvc_sweep_blobs removes expired pins and the blobs nothing names or
-- pins (a capture that stored an image and then failed), returning how many
-- blobs it removed.
CREATE FUNCTION memsvc_sweep_blobs() RETURNS integer LANGUAGE plpgsql
	SECURITY DEFINER SET search_path = public, pg_temp AS $f$
DECLARE
	n integer;
BEGIN
	DELETE FROM blob_pins WHERE until <= now();
	DELETE FROM blobs b WHERE NOT EXISTS (SELECT 1 FROM blob_refs r WHERE r.sha256 = b.sha256)
		AND NOT EXISTS (SELECT 1 FROM blob_pins p WHERE p.sha256 = b.sha256);
	GET DIAGNOSTICS n = ROW_COUNT;
	RETURN n;
END
$f$;

-- Backfill as the owner: row-level security is forced on memories, so it
-- is lifted for this one read inside the migration's transaction.
ALTER TABLE memories NO FORCE ROW LEVEL SECURITY;
INSERT INTO blob_refs (sha256, user_id, id)
	SELECT memsvc_blob_of(record), user_id, id FROM memories WHERE memsvc_blob_of(record) IS NOT NULL
	ON CONFLICT DO NOTHING;
ALTER TABLE memories FORCE ROW LEVEL SECURITY;
