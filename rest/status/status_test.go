package status

import (
	"net/http"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		code string
		want int
		ok   bool
	}{
		{engine.EInvalid, http.StatusBadRequest, true},
		{engine.ENotFound, http.StatusNotFound, true},
		{engine.EConflict, http.StatusConflict, true},
		{engine.EUnsupportedType, http.StatusUnsupportedMediaType, true},
		{engine.EUnavailable, http.StatusServiceUnavailable, true},
		{engine.EInternal, http.StatusInternalServerError, true},
		{"", http.StatusInternalServerError, false},        // not an *engine.Error
		{"made_up", http.StatusInternalServerError, false}, // unknown code
	} {
		got, ok := Of(tc.code)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Of(%q) = %d, %v; want %d, %v", tc.code, got, ok, tc.want, tc.ok)
		}
	}
}

// TestCloseAfterChunked: an answer to a request whose body came chunked
// ends its connection; one to a request with a Content-Length, or none,
// does not.
func TestCloseAfterChunked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		te    []string
		close bool
	}{
		{"chunked", []string{"chunked"}, true},
		{"Content-Length", nil, false},
	} {
		h := http.Header{}
		CloseAfterChunked(h, &http.Request{TransferEncoding: tc.te})
		if got := h.Get("Connection") == "close"; got != tc.close {
			t.Errorf("%s: Connection %q, want close: %v", tc.name, h.Get("Connection"), tc.close)
		}
	}
}

func TestWithoutKey(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"none", "", ""},
		{"only the key", "api_key=k", ""},
		{"kept in order", "b=2&api_key=k&a=1", "b=2&a=1"},
		{"any case", "API_KEY=k&Api_Key=j&x=1", "x=1"},
		{"escaped name", "%61pi_key=k&x=1", "x=1"},
		{"no value", "api_key&x", "x"},
		{"look-alikes stay", "api_keys=1&my_api_key=2", "api_keys=1&my_api_key=2"},
		{"raw kept as sent", "q=a%20b&api_key=k", "q=a%20b"},
	} {
		if got := WithoutKey(tc.in); got != tc.want {
			t.Errorf("%s: WithoutKey(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}
