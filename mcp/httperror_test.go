package mcp

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestJSONErrors: plain-text refusals become {"detail","code"}; other
// answers pass through byte for byte.
func TestJSONErrors(t *testing.T) {
	for _, tc := range []struct {
		name       string
		h          http.HandlerFunc
		wantStatus int
		wantBody   string // exact, when passed through
		wantCode   string // when rewritten
	}{
		{"plain-text 400", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "malformed payload", 400) },
			400, "", "invalid_request"},
		{"plain-text 405", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "Method Not Allowed", 405) },
			405, "", "method_not_allowed"},
		{"plain-text 413", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "too big", 413) },
			413, "", "payload_too_large"},
		{"JSON 200", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"jsonrpc":"2.0"}`))
		}, 200, `{"jsonrpc":"2.0"}`, ""},
		{"flushed stream", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.(http.Flusher).Flush()
			w.Write([]byte("data: x\n\n"))
		}, 200, "data: x\n\n", ""},
		{"202 no body", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(202) }, 202, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			jw := &jsonErrors{ResponseWriter: rec}
			tc.h(jw, httptest.NewRequest("POST", "/mcp/x", nil))
			jw.finish()
			if rec.Code != tc.wantStatus {
				t.Fatalf("status %d, want %d", rec.Code, tc.wantStatus)
			}
			if tc.wantCode == "" {
				if rec.Body.String() != tc.wantBody {
					t.Errorf("body %q, want %q passed through", rec.Body.String(), tc.wantBody)
				}
				return
			}
			var body map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body["code"] != tc.wantCode || body["detail"] == "" {
				t.Errorf("body %q (%v), want {detail, code %q}", rec.Body.String(), err, tc.wantCode)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
		})
	}
}
