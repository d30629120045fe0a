package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestBadTimesAre400: a time no record can hold (outside the years
// 0–9999), in any time field, is a 400 naming the field, not a 500.
func TestBadTimesAre400(t *testing.T) {
	s := startServer(t, nil)
	for _, ts := range []string{"1e300", "-1e300", "253402300800", `"10000-01-01T00:00:00Z"`, `"soon"`, "true"} {
		t.Run("timestamp "+ts, func(t *testing.T) {
			for _, infer := range []string{"true", "false"} {
				r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
					raw: []byte(`{"text":"Alice lives in Paris","infer":` + infer + `,"timestamp":` + ts + `}`)})
				wantError(t, r, http.StatusBadRequest, "invalid_request", "timestamp")
			}
			r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories/from-conversation",
				raw: []byte(`{"messages":[{"role":"user","content":"I live in Oslo","created_at":` + ts + `}]}`)})
			wantError(t, r, http.StatusBadRequest, "invalid_request", "messages[0].created_at")
		})
	}
	r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
		raw: []byte(`{"text":"Alice lives in Paris","infer":false,"timestamp":1700000000.5}`)})
	wantStatus(t, r, http.StatusOK)
}

// TestDeepJSONRefused: a body nested thousands of levels deep is a 400
// naming the body; metadata deeper than the engine's limit names metadata.
func TestDeepJSONRefused(t *testing.T) {
	s := startServer(t, nil)
	deep := strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
	r := s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
		raw: []byte(`{"text":"Alice lives in Paris","infer":false,"metadata":` + deep + `}`)})
	wantError(t, r, http.StatusBadRequest, "invalid_request", "body", "nested")
	mid := strings.Repeat(`{"a":`, 20) + "1" + strings.Repeat("}", 20)
	r = s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
		raw: []byte(`{"text":"Alice lives in Paris","infer":false,"metadata":` + mid + `}`)})
	wantError(t, r, http.StatusBadRequest, "invalid_request", "metadata", "nested")
	// A string full of brackets is not nesting.
	r = s.do(t, req{method: http.MethodPost, path: "/api/v1/memories",
		raw: []byte(`{"text":"Alice wrote ` + strings.Repeat(`[{\"`, 100) + `","infer":false}`)})
	wantStatus(t, r, http.StatusOK)
}
