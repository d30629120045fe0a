package main

import (
	"net/http"
	"testing"
)

// TestFarRelativeTimesStored: a date phrase that resolves outside the years
// a stored time can be written in (RFC 3339: 0000-9999) is kept as words,
// never a 500 with nothing stored (a security probe found "3000 years ago"
// and "last year" said at 0000-03-01 failing every write route).
func TestFarRelativeTimesStored(t *testing.T) {
	s := startServer(t, nil)
	for _, body := range []map[string]any{
		{"text": "I moved to Lisbon 3000 years ago"},
		{"text": "I will move to Lisbon in 9000 years"},
		{"text": "The comet comes back in the year 12000"},
		{"text": "Our ancestors farmed here 20,000 years ago"},
		{"text": "I moved to Porto last year", "timestamp": "0000-03-01T00:00:00Z"},
		{"text": "I moved to Faro 2000 years ago", "timestamp": "0001-01-01T00:00:00Z"},
	} {
		wantStatus(t, s.post(t, as{}, "/api/v1/memories", body), http.StatusOK)
	}
	conv := s.post(t, as{}, "/api/v1/memories/from-conversation", map[string]any{
		"messages": []map[string]any{{"role": "user", "content": "We bought the farm 5000 years ago"},
			{"role": "user", "content": "See you in 8000 years!"}}})
	wantStatus(t, conv, http.StatusOK)
	wantStatus(t, s.get(t, as{}, "/api/v1/export"), http.StatusOK)
}
