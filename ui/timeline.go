package ui

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// timelineForm is the timeline's filters as submitted: the memories
// page's filters, the time it is ordered by and the grouping.
type timelineForm struct {
	By, Group        string // engine.TimelineValid or TimelineRecorded; "day" or "week"
	MemoryType, App  string
	Project, Session string
	CurrentOnly      bool // hide superseded memories (shown by default: the timeline is about change)
	Page, Size       int
}

func readTimelineForm(q url.Values) (timelineForm, error) {
	f := timelineForm{By: q.Get("by"), Group: q.Get("group"), MemoryType: q.Get("type"), App: q.Get("app"),
		Project: q.Get("project"), Session: q.Get("session"), Page: 1, Size: 50}
	var err error
	if f.CurrentOnly, err = boolParam(q, "current"); err != nil {
		return f, err
	}
	if f.By == "" {
		f.By = engine.TimelineValid
	}
	switch f.Group {
	case "":
		f.Group = "day"
	case "day", "week":
	default:
		return f, engine.Invalid("group", "must be day or week, got %q", f.Group)
	}
	return f, intParam(q, "page", &f.Page)
}

// timelineData is the timeline page.
type timelineData struct {
	Form   timelineForm
	Values url.Values
	Page   *engine.Page
	Groups []timelineGroup
	Types  []string
	Error  string
	pager
}

// timelineGroup is one day or week of the timeline, newest first.
type timelineGroup struct {
	Label string
	Items []timelineItem
}

// timelineItem is one memory with the supersessions it took part in:
// what it replaced (on its recorded date) and what replaced it (on the
// date it expired).
type timelineItem struct {
	M          *engine.Memory
	At         time.Time
	Replaced   []chainLink // what this memory superseded; Memory nil when deleted since
	ReplacedBy *chainLink  // what superseded it
}

// timeline shows the user's memories on a timeline (engine Timeline:
// List's filters, ordered by valid_from or recorded time), grouped by day
// or week, with supersessions shown where they happened.
func (u *UI) timeline(w http.ResponseWriter, r *http.Request, req *request) error {
	q := r.URL.Query()
	d := timelineData{Values: q, Types: memoryTypes}
	f, err := readTimelineForm(q)
	d.Form = f
	var day time.Time
	if err == nil {
		day, err = readJumpDate(q)
	}
	if err == nil && !day.IsZero() {
		return asParam(u.jumpToDate(w, r, req, f, day), listParamNames)
	}
	if err == nil {
		err = asParam(u.runTimeline(r, req, &d), listParamNames)
	}
	return u.show(w, req, "timeline", &d, err, func(msg string) { d.Error = msg })
}

// timelineFilter is the engine's filter for the form's page.
func (u *UI) timelineFilter(f timelineForm) engine.TimelineFilter {
	return engine.TimelineFilter{By: f.By, ListFilter: engine.ListFilter{
		Page: f.Page, Size: f.Size, AppName: f.App, MemoryType: f.MemoryType, Project: f.Project,
		SessionID: f.Session, IncludeSuperseded: !f.CurrentOnly}}
}

func (u *UI) runTimeline(r *http.Request, req *request, d *timelineData) error {
	f := d.Form
	page, err := u.eng.Timeline(r.Context(), req.User, u.timelineFilter(f))
	if err != nil {
		return err
	}
	d.Page = page
	d.pager = pagerFor(page.Page, page.Pages)
	onPage := make(map[string]*engine.Memory, len(page.Items))
	for _, m := range page.Items {
		onPage[m.ID] = m
	}
	// link finds a memory of a supersession: on this page, or read (nil
	// when deleted since).
	link := func(id string) (chainLink, error) {
		if m, ok := onPage[id]; ok {
			return chainLink{ID: id, Memory: m}, nil
		}
		m, err := u.optional(r, req, id)
		return chainLink{ID: id, Memory: m}, err
	}
	for _, m := range page.Items {
		it := timelineItem{M: m, At: timelineAt(m, f.By)}
		for _, id := range m.Supersedes {
			l, err := link(id)
			if err != nil {
				return err
			}
			it.Replaced = append(it.Replaced, l)
		}
		if m.SupersededBy != nil {
			l, err := link(*m.SupersededBy)
			if err != nil {
				return err
			}
			it.ReplacedBy = &l
		}
		d.Groups = addToGroup(d.Groups, groupLabel(it.At, f.Group), it)
	}
	return nil
}

// timelineAt is the time a memory sits at on the timeline, as the engine
// orders it (its index knows the recorded time as CreatedAt).
func timelineAt(m *engine.Memory, by string) time.Time {
	if by == engine.TimelineRecorded || m.ValidFrom.IsZero() {
		return m.CreatedAt
	}
	return m.ValidFrom
}

// addToGroup appends it to the last group when the label matches (the
// items arrive in timeline order), else starts a new group.
func addToGroup(groups []timelineGroup, label string, it timelineItem) []timelineGroup {
	if n := len(groups); n > 0 && groups[n-1].Label == label {
		groups[n-1].Items = append(groups[n-1].Items, it)
		return groups
	}
	return append(groups, timelineGroup{Label: label, Items: []timelineItem{it}})
}

// groupLabel names the day, or the ISO week (from its Monday), of t in UTC.
func groupLabel(t time.Time, group string) string {
	t = t.UTC()
	if group != "week" {
		return t.Format("Monday 2 January 2006")
	}
	monday := t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7))
	year, week := t.ISOWeek()
	return "Week " + strconv.Itoa(week) + " of " + strconv.Itoa(year) + " · from " + monday.Format("Mon 2 Jan 2006")
}
