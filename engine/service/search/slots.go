package search

import (
	"github.com/memsvc/memsvc/engine"
)

// oneSlotPerFinding keeps a fact and its own episode from taking two places
// of a ranking: the fact stays, at the better of the two places and with
// the better score, and carries its episode's id and excerpt (its source).
// An episode none of whose facts ranked keeps its place. Order is otherwise
// unchanged.
func oneSlotPerFinding(hits []engine.Scored) []engine.Scored {
	at := map[string]int{} // an emitted episode or fact → its place in out
	out := make([]engine.Scored, 0, len(hits))
	for _, h := range hits {
		epID := h.EpisodeOf()
		switch {
		case h.IsEpisode():
			if _, claimed := at[h.ID]; claimed {
				continue // a fact of this episode already holds a place
			}
			at[h.ID] = len(out)
			out = append(out, h)
		case epID != "":
			if i, ok := at[epID]; ok && out[i].IsEpisode() && out[i].ID == epID {
				h.Score = max(h.Score, out[i].Score)
				h.Relevant = h.Relevant || out[i].Relevant
				out[i] = h // the fact takes its episode's better place
				continue
			}
			at[epID] = len(out)
			out = append(out, h)
		default:
			out = append(out, h)
		}
	}
	return out
}
