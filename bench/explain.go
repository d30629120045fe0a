package bench

import (
	"context"
	"fmt"

	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/service/search"
)

// ViewMisses says, for one view of the search, where the evidence turns
// the final top k missed ranked in that view: how many in its first 10,
// 11–20, 21–50, further down, or not at all. Read against the other views,
// it shows which view already holds what the fusion lost, and which
// evidence no view finds (a signal that is missing, not a weight).
type ViewMisses struct {
	View    string `json:"view"`
	Top10   int    `json:"top10"`
	To20    int    `json:"to20"`
	To50    int    `json:"to50"`
	Deeper  int    `json:"deeper"`
	Missing int    `json:"missing"`
}

// add counts one missed evidence turn at rank (0: not in the view).
func (v *ViewMisses) add(rank int) {
	switch {
	case rank == 0:
		v.Missing++
	case rank <= 10:
		v.Top10++
	case rank <= 20:
		v.To20++
	case rank <= 50:
		v.To50++
	default:
		v.Deeper++
	}
}

// explainer ranks the views of each missed question (search.Searcher's
// Explain) and maps the memories they rank back to dataset turns.
type explainer struct {
	eng   *service.Engine
	o     Options
	turns map[string][]string // user + memory id → the turns it stands for
	views []ViewMisses        // in the order the search first showed each view
	at    map[string]int      // view name → index in views
	total int                 // missed evidence turns counted
	near  NearMisses          // the misses just below the top k, classified
}

// explainMisses counts, over every missed question, where each of its
// evidence turns outside the final top k ranked in each view of the search
// (ViewMisses), and fills each detailed miss's per-view ranks.
func explainMisses(ctx context.Context, eng *service.Engine, ds *Dataset, o Options, missed []missRef, rep *Report) error {
	x := &explainer{eng: eng, o: o, turns: map[string][]string{}, at: map[string]int{}}
	detailed := map[string]int{} // conversation + question → index in rep.Misses
	for i, m := range rep.Misses {
		detailed[m.Conversation+"\x00"+m.Question] = i
	}
	for _, m := range missed {
		c := &ds.Conversations[m.conv]
		q := c.Questions[m.question]
		ranks, final, err := x.question(ctx, o.UserPrefix+c.ID, c, q)
		if err != nil {
			return fmt.Errorf("benchmark: explain miss: %w", err)
		}
		if i, ok := detailed[c.ID+"\x00"+q.Text]; ok {
			rep.Misses[i].Final = final
			for j := range rep.Misses[i].Evidence {
				rep.Misses[i].Evidence[j].Views = ranks[rep.Misses[i].Evidence[j].Turn]
			}
		}
	}
	// A view a search did not run (no question among the best hits, no
	// facts) holds none of its evidence.
	for i := range x.views {
		v := &x.views[i]
		v.Missing += x.total - (v.Top10 + v.To20 + v.To50 + v.Deeper + v.Missing)
	}
	rep.MissViews = x.views
	rep.NearMisses = &x.near
	return nil
}

// question ranks q's views and counts its evidence turns that the final
// order has below k; it returns every evidence turn's rank per view. c is
// q's conversation. It also returns the final order's first 3k memories
// as dataset turns (Miss.Final).
func (x *explainer) question(ctx context.Context, user string, c *Conversation, q Question) (map[string]map[string]int, [][]string, error) {
	views, err := x.eng.Explain(ctx, user, (&evaluation{o: x.o}).query(q.Text, x.o.K))
	if err != nil {
		return nil, nil, err
	}
	ranks := map[string]map[string]int{} // turn → view → rank
	var final [][]string
	for _, id := range q.Evidence {
		ranks[id] = map[string]int{}
	}
	for _, v := range views {
		for i, mid := range v.IDs {
			turns, err := x.turnsOf(ctx, user, mid)
			if err != nil {
				return nil, nil, err
			}
			if v.Name == "final" && i < 3*x.o.K {
				final = append(final, turns)
			}
			for _, t := range turns {
				if r, ok := ranks[t]; ok && r[v.Name] == 0 {
					r[v.Name] = i + 1
				}
			}
		}
	}
	near, err := x.nearMiss(ctx, user, c, q, views)
	if err != nil {
		return nil, nil, err
	}
	for _, id := range q.Evidence {
		if r := ranks[id]["final"]; r > 0 && r <= x.o.K {
			continue
		}
		x.total++
		for _, v := range views {
			x.view(v.Name).add(ranks[id][v.Name])
		}
		near.count(&x.near, id, ranks[id]["fused"], ranks[id]["final"], x.o.K)
	}
	return ranks, final, nil
}

// nearMiss gathers what classifying q's near misses needs: the turns of
// the final order's top k.
func (x *explainer) nearMiss(ctx context.Context, user string, c *Conversation, q Question, views []search.View) (*nearMiss, error) {
	m := &nearMiss{session: sessionsOf(c), evidence: q.Evidence, inTop: map[string]bool{}}
	for _, v := range views {
		if v.Name != "final" {
			continue
		}
		for _, mid := range v.IDs[:min(x.o.K, len(v.IDs))] {
			turns, err := x.turnsOf(ctx, user, mid)
			if err != nil {
				return nil, err
			}
			for _, t := range turns {
				m.top = append(m.top, t)
				m.inTop[t] = true
			}
		}
	}
	return m, nil
}

func (x *explainer) view(name string) *ViewMisses {
	i, ok := x.at[name]
	if !ok {
		i = len(x.views)
		x.at[name] = i
		x.views = append(x.views, ViewMisses{View: name})
	}
	return &x.views[i]
}

// turnsOf is the dataset turns memory id of user stands for, read once.
func (x *explainer) turnsOf(ctx context.Context, user, id string) ([]string, error) {
	key := user + "\x00" + id
	if t, ok := x.turns[key]; ok {
		return t, nil
	}
	m, err := x.eng.Get(ctx, user, id)
	if err != nil {
		return nil, err
	}
	var ids []string
	if m.Source != nil {
		ids = m.Source.MessageIDs
	}
	x.turns[key] = turnIDs(m.Metadata, ids)
	return x.turns[key], nil
}
