package ui

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// readJumpDate reads the timeline's "go to date" field: a calendar day
// (YYYY-MM-DD, as a date input sends it), zero when absent.
func readJumpDate(q url.Values) (time.Time, error) {
	v := q.Get("date")
	if v == "" {
		return time.Time{}, nil
	}
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return time.Time{}, engine.Invalid("date", "must be a day as YYYY-MM-DD, got %q", v)
	}
	return d, nil
}

// jumpToDate redirects to the timeline page holding the newest memory of
// day or before it, keeping every other filter: the timeline is newest
// first, so it finds the first page whose last memory is not after the
// day by bisecting the pages, a few reads however long the timeline.
func (u *UI) jumpToDate(w http.ResponseWriter, r *http.Request, req *request, f timelineForm, day time.Time) error {
	end := day.AddDate(0, 0, 1) // the first instant after the day
	filter := u.timelineFilter(f)
	lastOn := func(page int) (time.Time, int, error) {
		filter.Page = page
		p, err := u.eng.Timeline(r.Context(), req.User, filter)
		if err != nil || len(p.Items) == 0 {
			return time.Time{}, 0, err
		}
		return timelineAt(p.Items[len(p.Items)-1], f.By), p.Pages, nil
	}
	_, pages, err := lastOn(1)
	if err != nil {
		return err
	}
	lo, hi := 1, max(pages, 1) // the answer is in [lo, hi]; hi: the oldest page
	for lo < hi {
		mid := (lo + hi) / 2
		at, _, err := lastOn(mid)
		if err != nil {
			return err
		}
		if at.Before(end) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	q := r.URL.Query()
	q.Del("date")
	q.Set("page", strconv.Itoa(lo))
	http.Redirect(w, r, "/timeline?"+q.Encode(), http.StatusSeeOther)
	return nil
}
