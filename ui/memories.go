package ui

import (
	"cmp"
	"html/template"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// listForm is the memories page's filter and search form as submitted.
type listForm struct {
	Query             string // search text; empty: list
	Mode, Rerank      string
	MemoryType, App   string
	Project, Session  string
	State             string
	IncludeSuperseded bool
	Page, Size        int
	// Tag and a metadata entry narrow by what a memory carries: MetaKey
	// with MetaValue ("" for any value), separate fields so a key or a
	// value may hold "=". Meta is the older one-field form ("key" or
	// "key=value"), still read so earlier links keep working.
	Tag, MetaKey, MetaValue, Meta string
}

func readListForm(q url.Values) (listForm, error) {
	f := listForm{Query: strings.TrimSpace(q.Get("q")), Mode: q.Get("mode"), Rerank: q.Get("rerank"),
		MemoryType: q.Get("type"), App: q.Get("app"), Project: q.Get("project"), Session: q.Get("session"),
		State: q.Get("state"), Page: 1, Size: 20,
		Tag: strings.TrimSpace(q.Get("tag")), MetaKey: strings.TrimSpace(q.Get("meta_key")),
		MetaValue: strings.TrimSpace(q.Get("meta_value")), Meta: strings.TrimSpace(q.Get("meta"))}
	if f.MetaKey == "" && f.MetaValue == "" && f.Meta != "" { // an older link: shown in the two fields
		c := engine.ParseMetaFilter(f.Meta)
		f.MetaKey, f.MetaValue, f.Meta = c.MetaKey, c.MetaValue, ""
	}
	var err error
	if f.IncludeSuperseded, err = boolParam(q, "superseded"); err != nil {
		return f, err
	}
	// page before size, the same on every try (a map's order named either)
	if err := intParam(q, "page", &f.Page); err != nil {
		return f, err
	}
	if err := intParam(q, "size", &f.Size); err != nil {
		return f, err
	}
	// The tag and metadata rules (names, a value's text, a value needs
	// its key) are the engine's, one copy for every edge.
	return f, f.content().Validate()
}

// content is the form's tag and metadata filter for the engine.
func (f listForm) content() engine.ContentFilter {
	return engine.ContentFilter{Tag: f.Tag, MetaKey: f.MetaKey, MetaValue: f.MetaValue, MetaHasValue: f.MetaValue != ""}
}

// intParam reads a number from the query into dst, leaving dst as it is
// when the parameter is absent; the engine checks the range.
func intParam(q url.Values, name string, dst *int) error {
	v := q.Get(name)
	if v == "" {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return engine.Invalid(name, "must be a number, got %q", v)
	}
	*dst = n
	return nil
}

// memoriesData is the memories page: a listing or search results.
type memoriesData struct {
	Form   listForm
	Values url.Values
	Page   *engine.Page
	Search *engine.SearchResult
	Error  string
	// Deleted and Undone are the memories the last post deleted or brought
	// back; Undo names the deletion's kept copy (engine DeleteUndoable);
	// Lost are the deleted image memories undo cannot bring back.
	// Gone are the ids the delete named that were deleted already.
	Deleted, Undone, Lost, Gone []string
	Undo                        string
	UndoWindow                  string
	Types                       []string
	States                      []string
	Modes                       []string
	Sizes                       []int // page sizes offered; a size typed in the URL is added
	// Back is this list's query, carried to each memory's page so its
	// crumb and a delete return to the same filters, search and page.
	Back string
	// Filtered says the form narrows the list, so an empty one is "nothing
	// matches", not "nothing stored".
	Filtered bool
	// From and To number the search hits shown (1-based), of Shown hits
	// the search returned: the dashboard pages through one search.
	From, To, Shown int
	// Relevant counts the hits whose score clears the engine's relevance
	// floor: a search always fills its list, with weak hits too.
	Relevant int
	// Narrowed is how many hits the app and state filters were applied to
	// (the engine's search has neither); 0 when none was set.
	Narrowed int
	pager
}

// memoryTypes are the memory types a view can filter by.
var memoryTypes = []string{engine.TypeSemantic, engine.TypeEpisodic, engine.TypeProcedural}

// pager holds the numbers of the pages before and after a shown page, 0
// where there is none ("pager" in layout.html links them). LastPage is
// set when the shown page is past the last one (an old link, a hand-typed
// number), so the page can say so and link back instead of looking empty.
type pager struct {
	PrevPage, NextPage, LastPage int
	// Pages is how many pages there are, for the first/last links and the
	// page-number field that skip through thousands of memories.
	Pages int
	// Ranked pages go from better to worse matches, not newer to older.
	Ranked bool
}

func pagerFor(page, pages int) pager {
	p := pager{Pages: pages}
	if page > pages && pages > 0 {
		return pager{PrevPage: pages, LastPage: pages, Pages: pages}
	}
	if page > 1 {
		p.PrevPage = page - 1
	}
	if page < pages {
		p.NextPage = page + 1
	}
	return p
}

// memories lists the user's memories (engine List, as GET /api/v1/memories)
// or searches them (engine Search, as POST /api/v1/memories/search) with
// each hit's score.
func (u *UI) memories(w http.ResponseWriter, r *http.Request, req *request) error {
	q := r.URL.Query()
	fl := u.takeFlash(w, r, req.User)
	d := memoriesData{Deleted: fl.Deleted, Undo: fl.Undo, Undone: fl.Undone, Lost: fl.Lost, Gone: fl.Gone, UndoWindow: undoWindowText()}
	d.Values, d.Back, d.Types = q, q.Encode(), memoryTypes
	d.States = []string{engine.StateActive, engine.StateSuperseded, engine.StatePending, engine.StateFailed}
	d.Modes = []string{engine.ModeHybrid, engine.ModeText, engine.ModeVector}
	f, err := readListForm(q)
	d.Form = f
	d.Sizes = []int{20, 50, 100}
	if !slices.Contains(d.Sizes, f.Size) {
		d.Sizes = append(d.Sizes, f.Size)
		slices.Sort(d.Sizes)
	}
	if err == nil {
		err = asParam(u.runList(r, req, &d), listParamNames)
	}
	return u.show(w, req, "memories", &d, err, func(msg string) { d.Error = msg })
}

func (u *UI) runList(r *http.Request, req *request, d *memoriesData) error {
	f := d.Form
	d.Filtered = f.MemoryType != "" || f.App != "" || f.Project != "" || f.Session != "" || f.State != "" ||
		!f.content().Empty()
	if f.Query != "" {
		return u.runSearch(r, req, d)
	}
	page, err := u.eng.List(r.Context(), req.User, engine.ListFilter{Page: f.Page, Size: f.Size, AppName: f.App,
		MemoryType: f.MemoryType, State: f.State, Project: f.Project, SessionID: f.Session,
		IncludeSuperseded: f.IncludeSuperseded, Content: f.content()})
	if err != nil {
		return err
	}
	d.Page = page
	d.pager = pagerFor(page.Page, page.Pages)
	return nil
}

// runSearch asks for the most hits a search gives (engine.MaxTopK) and
// shows one page of them, so every page ranks the same list: asking for
// page×size instead could reorder the hits already seen.
func (u *UI) runSearch(r *http.Request, req *request, d *memoriesData) error {
	f := d.Form
	// The list's bounds and state check hold for the search's pages too.
	lf := engine.ListFilter{Page: f.Page, Size: f.Size, State: f.State}
	if err := lf.Validate(); err != nil {
		return err
	}
	qr := engine.Query{Text: f.Query, Mode: f.Mode, Rerank: f.Rerank, TopK: engine.MaxTopK, SessionID: f.Session,
		MemoryType: f.MemoryType, Project: f.Project,
		IncludeSuperseded: f.IncludeSuperseded || f.State == engine.StateSuperseded}
	res, err := u.eng.Search(r.Context(), req.User, qr)
	if err != nil {
		return err
	}
	if f.App != "" || f.State != "" || !f.content().Empty() {
		d.Narrowed = len(res.Results)
		res.Results = narrow(res.Results, f.App, f.State, f.content())
	}
	byRelevance(res.Results)
	d.Search, d.Shown = res, len(res.Results)
	for _, h := range res.Results {
		if h.Relevant {
			d.Relevant++
		}
	}
	d.pager = pagerFor(f.Page, (d.Shown+f.Size-1)/f.Size)
	d.Ranked = true
	from := min((f.Page-1)*f.Size, d.Shown)
	to := min(from+f.Size, d.Shown)
	res.Results = res.Results[from:to]
	d.From, d.To = from+1, to
	return nil
}

// byRelevance orders hits by score, best first. The engine ranks by its
// fused views (the order its score informs but does not decide), while the
// score is the calibrated chance a hit is relevant: a page that showed
// both would show a lower-ranked hit with a higher score. The dashboard
// shows the score, so it orders by it; equal scores keep the engine's
// order, which still breaks every tie.
func byRelevance(hits []engine.Scored) {
	slices.SortStableFunc(hits, func(a, b engine.Scored) int { return cmp.Compare(b.Score, a.Score) })
}

// narrow keeps the hits of app (any when "") in state (any when "") that
// content keeps: the list's app, state, tag and metadata filters, which
// engine Search does not take, hold for the search's hits too instead of
// being silently ignored.
func narrow(hits []engine.Scored, app, state string, content engine.ContentFilter) []engine.Scored {
	return slices.DeleteFunc(hits, func(h engine.Scored) bool {
		return (app != "" && !engine.SameName(h.AppName, app)) || (state != "" && h.State != state) || !content.Keeps(h.Memory)
	})
}

// chainLink is one memory of a supersede chain, for the timeline.
type chainLink struct {
	ID      string
	Memory  *engine.Memory // nil: deleted since
	Current bool
}

// memoryData is the one-memory page.
type memoryData struct {
	M       *engine.Memory
	Back    string           // the list's query to return to, re-encoded ("" the plain list)
	Episode *engine.Memory   // the turn a fact was distilled from
	Facts   []*engine.Memory // an episode's facts
	Chain   []chainLink      // oldest first
	Saved   bool
	// Restored is the superseded memory whose text this one brings back.
	Restored string
	// Window is how long a delete can be undone (the delete page says so).
	Window string
}

// maxChain bounds the supersede chain one page walks.
const maxChain = 50

// memory shows one memory with its provenance, episode or facts, validity
// window and supersede chain, through engine Get (GET /api/v1/memories/{id}).
func (u *UI) memory(w http.ResponseWriter, r *http.Request, req *request) error {
	m, err := u.eng.Get(r.Context(), req.User, r.PathValue("id"))
	if err != nil {
		return err
	}
	fl := u.takeFlash(w, r, req.User)
	d := memoryData{M: m, Back: backQuery(r.URL.Query().Get("back"))}
	if fl.Corrected == m.ID { // a notice for another page is not this one's
		d.Saved, d.Restored = fl.Restored == "", fl.Restored
	}
	if m.Source != nil && m.Source.EpisodeID != "" && !m.IsEpisode() {
		if d.Episode, err = u.optional(r, req, m.Source.EpisodeID); err != nil {
			return err
		}
	}
	for _, id := range m.Facts {
		f, err := u.optional(r, req, id)
		if err != nil {
			return err
		}
		if f != nil {
			d.Facts = append(d.Facts, f)
		}
	}
	if d.Chain, err = u.chain(r, req, m); err != nil {
		return err
	}
	u.render(w, req, http.StatusOK, "memory", d)
	return nil
}

// Replacement is the memory that superseded this one, from the chain
// already read; nil when none did or it was deleted since.
func (d memoryData) Replacement() *engine.Memory {
	for _, l := range d.Chain {
		if d.M.SupersededBy != nil && l.ID == *d.M.SupersededBy {
			return l.Memory
		}
	}
	return nil
}

// ReplacedByCorrection says the replacement was a correction (the
// dashboard's or PATCH), whose source excerpt is the corrected memory's,
// not a reason of its own.
func (d memoryData) ReplacedByCorrection() bool {
	r := d.Replacement()
	return r != nil && r.Source != nil && r.Source.Extractor == engine.CorrectionExtractor
}

// ListHref is the list the page was opened from. The query is one that
// backQuery encoded, so it is safe as a URL as it stands.
func (d memoryData) ListHref() template.URL {
	if d.Back == "" {
		return "/memories"
	}
	return template.URL("/memories?" + d.Back)
}

// backQuery is a list query carried in ?back=, parsed and encoded again
// so only query parameters of /memories come back out ("" when it does not
// parse); the list checks their values as for any request. A parameter the
// list does not read is dropped: the list refuses it (params.go), and a
// crafted back= would make every link back to the list a 400.
func backQuery(back string) string {
	q, err := url.ParseQuery(back)
	if err != nil {
		return ""
	}
	maps.DeleteFunc(q, func(name string, _ []string) bool { return !slices.Contains(pageParams["GET /memories"], name) })
	return q.Encode()
}

// optional reads a linked memory; nil when it was deleted since.
func (u *UI) optional(r *http.Request, req *request, id string) (*engine.Memory, error) {
	m, err := u.eng.Get(r.Context(), req.User, id)
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, nil
	}
	return m, err
}

// chain walks what m superseded (back, possibly several) and what
// superseded it (forward), and orders the whole chain by when memsvc
// recorded each memory. Empty when m stands alone.
func (u *UI) chain(r *http.Request, req *request, m *engine.Memory) ([]chainLink, error) {
	if len(m.Supersedes) == 0 && m.SupersededBy == nil {
		return nil, nil
	}
	seen := map[string]bool{m.ID: true}
	links := []chainLink{{ID: m.ID, Memory: m, Current: true}}
	visit := func(id string) (*engine.Memory, error) {
		if seen[id] || len(links) >= maxChain {
			return nil, nil
		}
		seen[id] = true
		got, err := u.optional(r, req, id)
		if err != nil {
			return nil, err
		}
		links = append(links, chainLink{ID: id, Memory: got})
		return got, nil
	}
	back := slices.Clone(m.Supersedes)
	for len(back) > 0 {
		id := back[0]
		back = back[1:]
		got, err := visit(id)
		if err != nil {
			return nil, err
		}
		if got != nil {
			back = append(back, got.Supersedes...)
		}
	}
	for next := m.SupersededBy; next != nil; {
		got, err := visit(*next)
		if err != nil || got == nil {
			return links, err
		}
		next = got.SupersededBy
	}
	slices.SortStableFunc(links, func(a, b chainLink) int { return recorded(a).Compare(recorded(b)) })
	return links, nil
}

func recorded(l chainLink) time.Time {
	if l.Memory == nil {
		return time.Time{}
	}
	return l.Memory.RecordedAt
}

// confirmDelete asks before deleting: a plain page, so it works without
// JavaScript and never relies on a browser dialog.
func (u *UI) confirmDelete(w http.ResponseWriter, r *http.Request, req *request) error {
	m, err := u.eng.Get(r.Context(), req.User, r.PathValue("id"))
	if err != nil {
		return err
	}
	u.render(w, req, http.StatusOK, "delete", memoryData{M: m, Back: backQuery(r.URL.Query().Get("back")), Window: undoWindowText()})
	return nil
}

// deleteMemory deletes one memory as DELETE /api/v1/memories does, with
// an undo (undo.go).
func (u *UI) deleteMemory(w http.ResponseWriter, r *http.Request, req *request) error {
	return u.deleteUndoable(w, r, req, []string{r.PathValue("id")}, backQuery(r.PostForm.Get("back")))
}

// editData is the correction form.
type editData struct {
	M     *engine.Memory
	Text  string
	Error string
	// Gone: the memory was deleted while the form was open; M holds only
	// its id.
	Gone bool
	// Back is the list the memory was opened from (backQuery), carried
	// through the correction to the corrected memory's page.
	Back string
}

// ListHref is the list the form was opened from.
func (d editData) ListHref() template.URL { return memoryData{Back: d.Back}.ListHref() }

// withBack is a memory page's path with the list it was opened from.
func withBack(path, back string) string {
	if back == "" {
		return path
	}
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return path + sep + "back=" + url.QueryEscape(back)
}

func (u *UI) editMemory(w http.ResponseWriter, r *http.Request, req *request) error {
	m, err := u.eng.Get(r.Context(), req.User, r.PathValue("id"))
	if err != nil {
		return err
	}
	u.render(w, req, http.StatusOK, "edit", editData{M: m, Text: m.Text, Back: backQuery(r.URL.Query().Get("back"))})
	return nil
}

// correctMemory is engine Correct, as PATCH /api/v1/memories/{id}: the
// corrected text supersedes the memory, whose page then shows the chain.
func (u *UI) correctMemory(w http.ResponseWriter, r *http.Request, req *request) error {
	id, text, back := r.PathValue("id"), r.PostForm.Get("text"), backQuery(r.PostForm.Get("back"))
	res, err := u.eng.Correct(r.Context(), req.User, id, text)
	if err != nil {
		switch statusOf(err) {
		case http.StatusBadRequest, http.StatusConflict, http.StatusRequestEntityTooLarge, http.StatusNotFound:
			m, gerr := u.optional(r, req, id)
			if gerr != nil {
				return gerr
			}
			d := editData{M: m, Text: text, Error: engine.ErrorMessage(err), Back: back}
			if m == nil { // deleted meanwhile: say so, and keep what was typed
				d.M, d.Gone = &engine.Memory{ID: id}, true
			}
			u.render(w, req, statusOf(err), "edit", d)
			return nil
		}
		return err
	}
	if res[0].Event != engine.EventNone { // the same text again changes nothing, and says nothing
		u.setFlash(w, r, flash{User: req.User, Corrected: res[0].ID})
	}
	http.Redirect(w, r, withBack("/memories/"+url.PathEscape(res[0].ID), back), http.StatusSeeOther)
	return nil
}
