-- memsvc schema v7: replicas of different text analyses do not mix index
-- terms. The engine records in meta 'text-analysis' which analysis made
-- the stored terms (and makes them again when it changes); a replica of an
-- older analysis would go on writing terms the newer replicas' queries
-- never meet. Each write transaction of a binary from this version on says
-- which analysis it runs (set_config('memsvc.analysis', …, true)); a binary
-- from before says nothing and runs analysis 2 (the analysis of the last
-- release without this guard: counting it as 1 would fail every write of
-- a rolling upgrade from that release, whose terms are the same). The trigger refuses
-- the index terms of a writer whose analysis is older than the recorded
-- one, naming both versions, and the recorded version never goes down, so
-- an older replica that starts cannot take the store back either. It
-- serves reads until it is upgraded.
--
-- A newer replica records 'text-analysis' only once it has made every
-- user's terms again; an older replica writing meanwhile would put old
-- terms into users already redone, which are never redone after. So the
-- newer replica first records 'text-analysis-writers', the least analysis
-- a writer must run, and the trigger holds writers to the greater of the
-- two keys: older replicas are refused from the moment the redoing starts.

-- memsvc_analysis_of is an analysis setting as a number: NULL for none or
-- a malformed value (meta is written only by memsvc, but a bad value must
-- not stop every write).
CREATE FUNCTION memsvc_analysis_of(v text) RETURNS integer LANGUAGE sql IMMUTABLE
	AS $f$ SELECT CASE WHEN v ~ '^[0-9]{1,9}$' THEN v::integer END $f$;

CREATE FUNCTION memsvc_check_analysis() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
	stored integer := (SELECT max(memsvc_analysis_of(value)) FROM meta
		WHERE key IN ('text-analysis', 'text-analysis-writers'));
	writer integer := coalesce(memsvc_analysis_of(current_setting('memsvc.analysis', true)), 2);
BEGIN
	IF stored IS NOT NULL AND writer < stored THEN
		RAISE EXCEPTION USING ERRCODE = 'MS001', MESSAGE = format(
			'this replica runs text analysis %s, but the store''s index terms are made by analysis %s, '
			'which a newer memsvc recorded: it refuses writes until it is upgraded to the version of the other replicas',
			writer, stored);
	END IF;
	RETURN NULL;
END
$f$;

CREATE TRIGGER analysis_guard BEFORE INSERT ON postings
	FOR EACH STATEMENT EXECUTE FUNCTION memsvc_check_analysis();

CREATE FUNCTION memsvc_keep_analysis() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
	IF memsvc_analysis_of(NEW.value) < memsvc_analysis_of(OLD.value) THEN
		RAISE EXCEPTION USING ERRCODE = 'MS001', MESSAGE = format(
			'this replica runs text analysis %s, but the store''s index terms are made by analysis %s, '
			'which a newer memsvc recorded: it may not take the store back; upgrade it to the version of the other replicas',
			NEW.value, OLD.value);
	END IF;
	RETURN NEW;
END
$f$;

CREATE TRIGGER analysis_keep BEFORE UPDATE OF value ON meta
	FOR EACH ROW WHEN (OLD.key IN ('text-analysis', 'text-analysis-writers')) EXECUTE FUNCTION memsvc_keep_analysis();

GRANT EXECUTE ON FUNCTION memsvc_analysis_of(text), memsvc_check_analysis(), memsvc_keep_analysis() TO memsvc_app;
