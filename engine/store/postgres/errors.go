package postgres

import (
	"errors"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
)

// translate keeps engine errors as they are and maps pgx's errors to engine
// codes at this boundary (house rule 1); the cause is kept for the log only.
func translate(op string, err error) error {
	var (
		pe  *pgconn.PgError
		ne  net.Error
		cte *pgconn.ConnectError
	)
	switch {
	case store.Untranslated(err):
		return err
	case errors.As(err, &pe):
		return translateCode(op, pe, err)
	case errors.As(err, &cte), errors.As(err, &ne), pgconn.SafeToRetry(err), pgconn.Timeout(err):
		return &engine.Error{Code: engine.EUnavailable, Message: "the database is unreachable, retry", Err: errors.Join(errors.New("store: "+op), err)}
	default:
		return engine.Internal("store: "+op, err)
	}
}

// lockNotAvailable is the SQLSTATE of a wait longer than lock_timeout.
const lockNotAvailable = "55P03"

// translateCode maps a server error by its SQLSTATE.
func translateCode(op string, pe *pgconn.PgError, err error) error {
	wrapped := errors.Join(errors.New("store: "+op), err)
	switch {
	case pe.Code == "40001", pe.Code == "40P01": // serialization failure, deadlock
		return &engine.Error{Code: engine.EConflict, Message: "concurrent update, retry", Err: wrapped}
	case pe.Code == "42501": // insufficient privilege, row-level security violation
		return &engine.Error{Code: engine.EForbidden, Message: "access denied", Err: wrapped}
	case pe.Code == "54000", pe.Code == "22001", pe.Code == "53400": // program limit, string too long, config limit
		return &engine.Error{Code: engine.ETooLarge, Message: "request writes too much at once; split it", Err: wrapped}
	case pe.Code == "22021", pe.Code == "22P05":
		// invalid byte sequence, untranslatable character: text columns
		// (user ids, terms) hold neither NUL bytes nor invalid UTF-8
		return &engine.Error{Code: engine.EInvalid, Message: "text holds a NUL byte or invalid UTF-8, which the database cannot store", Err: wrapped}
	case pe.Code == analysisRefused:
		// Our own trigger's message (analysis.go): it names the two
		// analysis versions, nothing of the data.
		return &engine.Error{Code: engine.EUnavailable, Message: pe.Message, Err: wrapped}
	case pe.Code == "57014", pe.Code == lockNotAvailable, pe.Code == "25P03":
		// statement_timeout (or a cancel), lock_timeout, idle-in-transaction timeout
		return &engine.Error{Code: engine.EUnavailable, Message: "the database took too long to answer, retry", Err: wrapped}
	case pe.Code[:2] == "53", pe.Code[:2] == "57", pe.Code[:2] == "08", pe.Code == "40003":
		// insufficient resources (too many connections, disk full, out of
		// memory), operator intervention (shutdown, cannot connect now),
		// connection exception, statement completion unknown
		return &engine.Error{Code: engine.EUnavailable, Message: "the database is unavailable, retry", Err: wrapped}
	default:
		return engine.Internal("store: "+op, err)
	}
}

// SQLSTATEs that tell, in Open's schema check, what went wrong.
const (
	undefinedTable  = "42P01" // no schema_migrations: never migrated
	undefinedObject = "42704" // SET ROLE memsvc_app: the role migrate creates is missing
	invalidCatalog  = "3D000" // the database named in the URL does not exist
	authClassPrefix = "28"    // invalid authorization: a wrong password, an unknown role
	invalidPassword = "28P01"
)

// openError says what failed when Open's schema check did (err nil: the
// check ran and found migrations not applied). Only a database that
// answered and lacks the schema is told to run memsvc migrate; one that
// cannot be reached, refuses the login or has no such database is named
// as such, since migrate would fail the same way. The cause stays in Err.
func openError(err error) error {
	var pe *pgconn.PgError
	var cte *pgconn.ConnectError
	var ne net.Error
	switch {
	case err == nil:
		return &engine.Error{Code: engine.EUnavailable,
			Message: "the database schema is outdated (this memsvc is newer): run memsvc migrate"}
	case errors.As(err, &pe) && (pe.Code == undefinedTable || pe.Code == undefinedObject):
		return &engine.Error{Code: engine.EUnavailable,
			Message: "the database schema is missing: run memsvc migrate", Err: err}
	case errors.As(err, &pe) && strings.HasPrefix(pe.Code, authClassPrefix):
		return &engine.Error{Code: engine.EUnavailable,
			Message: "the database refused the login (authentication failed): check the user and password in the URL", Err: err}
	case errors.As(err, &pe) && pe.Code == invalidCatalog:
		return &engine.Error{Code: engine.EUnavailable,
			Message: "the database refused the connection: the database named in the URL does not exist", Err: err}
	case errors.As(err, &cte) && errors.As(err, &pe):
		return &engine.Error{Code: engine.EUnavailable, Message: "the database refused the connection", Err: err}
	case errors.As(err, &cte), errors.As(err, &ne), pgconn.Timeout(err):
		return &engine.Error{Code: engine.EUnavailable, Message: "the database is unreachable, retry", Err: err}
	}
	return translate("open: check schema", err)
}
