package rest

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestHealthStatus(t *testing.T) {
	tests := []struct {
		name   string
		checks map[string]error
		status int
		want   healthBody
	}{
		{"all ok", map[string]error{"store": nil, "embedder": nil, "llm": nil}, http.StatusOK,
			healthBody{Status: "ok", Version: "v", Checks: map[string]string{"store": "ok", "embedder": "ok", "llm": "ok"}}},
		{"llm degraded", map[string]error{"store": nil, "embedder": nil, "llm": errors.New("extraction fell back to builtin")},
			http.StatusServiceUnavailable,
			healthBody{Status: "degraded", Version: "v", Checks: map[string]string{"store": "ok", "embedder": "ok",
				"llm": "degraded: extraction fell back to builtin"}}},
		{"store down", map[string]error{"store": errors.New("store is closed")}, http.StatusServiceUnavailable,
			healthBody{Status: "degraded", Version: "v", Checks: map[string]string{"store": "degraded: store is closed"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(Options{Version: "v", Checks: func(context.Context) map[string]error { return tt.checks }})
			if err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1/api/health", nil))
			if rec.Code != tt.status {
				t.Errorf("status = %d, want %d", rec.Code, tt.status)
			}
			var got healthBody
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("body (-want +got):\n%s", diff)
			}
		})
	}
}
