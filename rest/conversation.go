package rest

import (
	"net/http"
	"strconv"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/client"
)

type messageBody struct {
	Role      string    `json:"role"`
	Content   string    `json:"content"`
	Name      string    `json:"name"`
	ID        string    `json:"id"`
	CreatedAt *flexTime `json:"created_at"`
}

// conversationBody is the client's wire type; Messages shadows the
// embedded one to read created_at in both forms clients send (flexTime).
type conversationBody struct {
	client.ConversationRequest
	Messages []messageBody `json:"messages"`
}

func (s *Server) addConversation(w http.ResponseWriter, r *http.Request) error {
	var b conversationBody
	if err := s.decode(w, r, &b); err != nil {
		return err
	}
	user, err := userFor(r, b.UserID)
	if err != nil {
		return err
	}
	if b.Messages == nil {
		return engine.Invalid("messages", "is required")
	}
	req := engine.ConversationRequest{SessionID: b.SessionID, Project: b.Project, Tags: b.Tags,
		AgentMemory: b.AgentMemory, Metadata: b.Metadata}
	now := s.now()
	for i, m := range b.Messages {
		at, err := m.CreatedAt.at("messages["+strconv.Itoa(i)+"].created_at", now)
		if err != nil {
			return err
		}
		req.Messages = append(req.Messages, engine.Message{Role: m.Role, Content: m.Content, Name: m.Name,
			ID: m.ID, CreatedAt: at})
	}
	res, err := s.eng.AddConversation(r.Context(), user, req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}
