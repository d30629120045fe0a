package rest

import (
	"context"
	"net/http"
	"sort"
	"time"
)

type healthBody struct {
	Status  string            `json:"status"`
	Version string            `json:"version"`
	Checks  map[string]string `json:"checks"`
}

// health reports each dependency; any degraded one makes the answer 503
// with the same body, so load balancers and humans read one format.
func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	body := healthBody{Status: "ok", Version: s.version, Checks: map[string]string{}}
	var results map[string]error
	if s.checks != nil {
		results = s.checks(ctx)
	}
	names := make([]string, 0, len(results))
	for name := range results {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := results[name]; err != nil {
			body.Checks[name] = "degraded: " + err.Error()
			body.Status = "degraded"
			continue
		}
		body.Checks[name] = "ok"
	}
	status := http.StatusOK
	if body.Status != "ok" {
		status = http.StatusServiceUnavailable
	}
	writeJSON(w, status, body)
	return nil
}
