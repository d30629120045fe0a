package rest

import (
	"context"
	"io"
	"net/http"

	"github.com/memsvc/memsvc/engine"
)

// Ops are the operator features of the server, each off when unset.
type Ops struct {
	// Metrics, when set, counts requests, searches and writes and serves
	// them at GET /metrics (behind the Host gate; they hold no user's
	// data, but show every user's traffic: see MetricsSecret).
	Metrics *Metrics
	// MetricsSecret, when set, is the credential /metrics asks for, in any
	// of the places an API key goes. With auth on it is required: the
	// counts are every user's, so no one user's key opens them, and
	// without a secret /metrics answers 401.
	MetricsSecret string
	// Backup, when set, serves GET /api/v1/admin/backup: an online snapshot
	// of the store for `memsvc backup` while this server holds the data
	// directory. With auth on, only a key of OperatorUser may call it.
	Backup func(ctx context.Context, w io.Writer) error
}

// OperatorUser is the user of the keys `memsvc backup` mints (from the auth
// secret, so only the operator can) to ask a running server for a backup.
const OperatorUser = "memsvc-operator"

// opsRoutes registers the routes that let a user see, take and erase their
// own data (a memory's history, the export download, self-erasure), and the
// operator's metrics and backup routes when enabled.
func (s *Server) opsRoutes() {
	s.handle("GET /api/v1/memories/{id}/history", s.memoryHistory)
	s.handle("GET /api/v1/export", s.exportOwn)
	s.handle("DELETE /api/v1/users/me", s.eraseOwn)
	if s.ops.Metrics != nil {
		s.handle("GET /metrics", s.metrics)
	}
	if s.ops.Backup != nil {
		s.handle("GET /api/v1/admin/backup", s.backup)
	}
}

func (s *Server) memoryHistory(w http.ResponseWriter, r *http.Request) error {
	user, err := userFor(r, "")
	if err != nil {
		return err
	}
	h, err := s.eng.History(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, h)
	return nil
}

// exportOwn streams the key's user's data as JSON Lines, the format of
// `memsvc export`. Once the first line is out an error can only cut the
// stream short; a complete export ends with its "end" record.
func (s *Server) exportOwn(w http.ResponseWriter, r *http.Request) error {
	user, err := userFor(r, "")
	if err != nil {
		return err
	}
	if err := engine.ValidateUser(user); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", `attachment; filename="memsvc-export.jsonl"`)
	if r.Method == http.MethodHead { // GET's headers without the work: an export reads all of the user's data
		return nil
	}
	if err := s.eng.Export(r.Context(), w, []string{user}); err != nil {
		s.log.Error("export cut short", "err", err)
	}
	return nil
}

type eraseBody struct {
	Confirm string `json:"confirm"`
	UserID  string `json:"user_id"` // with auth off, whom to erase, as on every other body
}

// eraseOwn erases the key's user, once the body names that user in
// "confirm": a stray DELETE must not wipe anyone.
func (s *Server) eraseOwn(w http.ResponseWriter, r *http.Request) error {
	var b eraseBody
	if err := s.decode(w, r, &b); err != nil {
		return err
	}
	user, err := userFor(r, b.UserID)
	if err != nil {
		return err
	}
	if b.Confirm == "" || engine.CanonicalUser(b.Confirm) != engine.CanonicalUser(user) {
		return engine.Invalid("confirm", "must be your user id (%q) to erase all of your data", user)
	}
	if err := s.eng.EraseUser(r.Context(), user); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"erased": user})
	return nil
}

// backup streams an online snapshot of the store to the operator.
func (s *Server) backup(w http.ResponseWriter, r *http.Request) error {
	user, err := userFor(r, "")
	if err != nil {
		return err
	}
	if s.gate.keys.Enabled() && user != OperatorUser {
		return engine.Errorf(engine.EForbidden, "backups need an operator key: run memsvc backup with the server's auth secret")
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	if r.Method == http.MethodHead { // GET's headers without taking a snapshot
		return nil
	}
	if err := s.ops.Backup(r.Context(), w); err != nil {
		s.log.Error("backup cut short", "err", err)
		panic(http.ErrAbortHandler) // the client must not take a cut stream for a backup
	}
	return nil
}
