package postgres

import (
	"errors"
	"net"

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
