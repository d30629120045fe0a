package ui

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// A notice ("Deleted 3 memories", "Undone", "Corrected") reports what a
// post just did. It travels to the page the post redirects to in a flash
// cookie the server signs, never in the address: a link anyone can craft
// (?undone=…) must not make the dashboard claim something happened. The
// cookie is HttpOnly and SameSite=Strict (no other site sets or sends
// it), signed under the dashboard's secret, bound to the user it was
// written for, short-lived, and read once.
const (
	flashCookie = "memsvc_flash"
	// flashTTL bounds how late a notice may be shown: the redirect that
	// carries it is followed at once.
	flashTTL = 2 * time.Minute
)

// flash is one notice, for the page a post redirects to.
type flash struct {
	User string `json:"u"` // whose page may show it
	// Deleted, Lost and Undo: a delete (Lost are the image memories undo
	// cannot bring back; Undo names the deletion's kept copy).
	Deleted []string `json:"d,omitempty"`
	Lost    []string `json:"l,omitempty"`
	Undo    string   `json:"x,omitempty"`
	// Gone: ids the delete named that were deleted already (another tab).
	Gone []string `json:"g,omitempty"`
	// Undone: an undo put these back.
	Undone []string `json:"b,omitempty"`
	// Corrected is the memory a correction (or restore) wrote; Restored,
	// for a restore, the superseded memory whose text came back.
	Corrected string `json:"c,omitempty"`
	Restored  string `json:"r,omitempty"`
	// KeyRefused: the session's key was revoked or is unknown now.
	KeyRefused bool      `json:"k,omitempty"`
	Expires    time.Time `json:"e"`
}

// setFlash leaves f for the next page this browser loads.
func (u *UI) setFlash(w http.ResponseWriter, r *http.Request, f flash) {
	f.Expires = time.Now().Add(flashTTL).UTC()
	raw, err := json.Marshal(f)
	if err != nil { // a struct of strings: cannot happen
		return
	}
	body := base64.RawURLEncoding.EncodeToString(raw)
	u.setCookie(w, r, flashCookie, body+"."+u.flashMAC(body))
}

// takeFlash returns the notice left for user and forgets it; the zero
// flash when there is none, it is stale, for someone else, or its
// signature does not hold (a cookie the server did not write).
func (u *UI) takeFlash(w http.ResponseWriter, r *http.Request, user string) flash {
	c, err := r.Cookie(flashCookie)
	if err != nil {
		return flash{}
	}
	u.clearCookie(w, r, flashCookie)
	body, mac, ok := strings.Cut(c.Value, ".")
	if !ok || !hmac.Equal([]byte(mac), []byte(u.flashMAC(body))) {
		return flash{}
	}
	raw, err := base64.RawURLEncoding.DecodeString(body)
	var f flash
	if err != nil || json.Unmarshal(raw, &f) != nil || f.User != user || time.Now().After(f.Expires) {
		return flash{}
	}
	return f
}

func (u *UI) flashMAC(body string) string {
	m := hmac.New(sha256.New, u.csrf)
	m.Write([]byte("memsvc-flash-v1|" + body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}
