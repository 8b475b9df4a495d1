package repair

import (
	"context"
	"fmt"
	"time"

	"github.com/omnirent/omnirent/internal/platform/clock"
)

// Labelled is a code with the words people read.
type Labelled struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// AnswerView is one answered question.
type AnswerView struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// DeadlineView is a clock as both sides see it.
type DeadlineView struct {
	RuleID    string     `json:"ruleId"`
	Title     string     `json:"title"`
	Label     string     `json:"label"`
	When      string     `json:"when"`
	Kind      string     `json:"kind"`     // legal or target
	KindText  string     `json:"kindText"` // "Legal deadline" or "Target"
	DueAt     time.Time  `json:"dueAt"`
	DueDay    string     `json:"dueDay"`
	State     string     `json:"state"` // open, met, met_late, missed, stopped
	Round     int        `json:"round"`
	Trigger   Trigger    `json:"trigger"`
	TriggerAt time.Time  `json:"triggerAt"`
	Counting  string     `json:"counting"` // "10 working days"
	Source    string     `json:"source"`
	URL       string     `json:"url"`
	Note      string     `json:"note"`
	MetAt     *time.Time `json:"metAt"`
	NoticeAt  *time.Time `json:"noticeSentAt"`
}

// EventView is one line of the history.
type EventView struct {
	Seq  int            `json:"seq"`
	At   time.Time      `json:"at"`
	Role Role           `json:"role"`
	Name string         `json:"name"`
	Kind string         `json:"kind"`
	From Status         `json:"from"`
	To   Status         `json:"to"`
	Text string         `json:"text"`
	Body string         `json:"body"`
	Data map[string]any `json:"data"`
	Hash string         `json:"hash"`
}

// View is one repair for its landlord or a tenant of its agreement.
type View struct {
	ID                string         `json:"id"`
	PropertyID        string         `json:"propertyId"`
	Address           string         `json:"address"`
	Jurisdiction      string         `json:"jurisdiction"`
	Viewer            Role           `json:"viewer"`
	Category          string         `json:"category"`
	CategoryName      string         `json:"categoryName"`
	Answers           []AnswerView   `json:"answers"`
	Room              string         `json:"room"`
	Description       string         `json:"description"`
	Availability      string         `json:"availability"`
	EntryWhenOut      bool           `json:"entryWhenOut"`
	Vulnerability     []Labelled     `json:"vulnerability"`
	VulnerabilityAt   *time.Time     `json:"vulnerabilitySharedAt"`
	ReporterRole      Role           `json:"reporterRole"`
	ReporterName      string         `json:"reporterName"`
	Channel           string         `json:"channel"`
	ChannelText       string         `json:"channelText"`
	ChannelNote       string         `json:"channelNote"`
	AwareAt           time.Time      `json:"awareAt"`
	LoggedAt          time.Time      `json:"loggedAt"`
	SuggestedPriority Priority       `json:"suggestedPriority"`
	Priority          Priority       `json:"priority"`
	Emergency         bool           `json:"emergency"`
	Hazards           []Labelled     `json:"hazards"`
	Status            Status         `json:"status"`
	StatusText        string         `json:"statusText"`
	Open              bool           `json:"open"`
	HeldFrom          Status         `json:"heldFrom"`
	Repeats           int            `json:"repeats"`
	NextDue           *DeadlineView  `json:"nextDue"`
	Deadlines         []DeadlineView `json:"deadlines"`
	History           []EventView    `json:"history"`
	HistoryValid      bool           `json:"historyValid"`
	Actions           []Action       `json:"actions"`
	Safety            []Advice       `json:"safety"`
	Photos            []PhotoView    `json:"photos"`
	Videos            []VideoView    `json:"videos"`
	Files             []FileView     `json:"files"` // the original message's
	CreatedAt         time.Time      `json:"createdAt"`
	UpdatedAt         time.Time      `json:"updatedAt"`
}

// Item is a repair in a list.
type Item struct {
	ID           string        `json:"id"`
	PropertyID   string        `json:"propertyId"`
	Address      string        `json:"address"`
	Category     string        `json:"category"`
	CategoryName string        `json:"categoryName"`
	Room         string        `json:"room"`
	Priority     Priority      `json:"priority"`
	Emergency    bool          `json:"emergency"`
	Status       Status        `json:"status"`
	StatusText   string        `json:"statusText"`
	Open         bool          `json:"open"`
	ReporterRole Role          `json:"reporterRole"`
	AwareAt      time.Time     `json:"awareAt"`
	NextDue      *DeadlineView `json:"nextDue"`
	Overdue      bool          `json:"overdue"`
	Repeats      int           `json:"repeats"`
	UpdatedAt    time.Time     `json:"updatedAt"`
}

var unitText = map[Unit][2]string{Hours: {"hour", "hours"}, CalendarDays: {"day", "days"}, WorkingDays: {"working day", "working days"}}

func (d Deadline) view(now time.Time) DeadlineView {
	kindText := "Target"
	if d.Kind == Legal {
		kindText = "Legal deadline"
	}
	u := unitText[d.Unit][1]
	if d.Amount == 1 {
		u = unitText[d.Unit][0]
	}
	return DeadlineView{RuleID: d.RuleID, Title: d.Title, Label: d.Label(), When: d.When(), Kind: d.Kind, KindText: kindText,
		DueAt: d.DueAt, DueDay: d.DueDay, State: d.State(now), Round: d.Cycle, Trigger: d.Trigger, TriggerAt: d.TriggerAt,
		Counting: fmt.Sprintf("%d %s", d.Amount, u), Source: d.Source, URL: d.URL, Note: d.Note, MetAt: d.MetAt, NoticeAt: d.NoticeAt}
}

func labelled(ids []string, texts map[string]string) []Labelled {
	out := make([]Labelled, 0, len(ids))
	for _, id := range ids {
		out = append(out, Labelled{ID: id, Text: texts[id]})
	}
	return out
}

func (s *Service) eventText(e Event) string {
	who := e.ActorName
	if who == "" {
		who = "OmniRent"
	}
	switch e.Kind {
	case EventReported:
		return who + " reported the repair."
	case EventLogged:
		aware, _ := e.Data["awareAt"].(string)
		t, _ := time.Parse(time.RFC3339, aware)
		ch, _ := e.Data["channel"].(string)
		return fmt.Sprintf("%s recorded a report received by %s, saying they were told at %s.", who, ChannelText[ch],
			t.In(clock.UK).Format("15:04 on Mon 2 Jan 2006"))
	case EventStatus:
		return fmt.Sprintf("%s changed the status from %s to %s.", who, StatusText[e.From], StatusText[e.To])
	case EventMessage:
		return who + " wrote a message."
	case EventNotice:
		if e.ActorRole == RoleSystem {
			return "OmniRent noted a problem with the deadlines."
		}
		deadline, _ := e.Data["deadline"].(string)
		return fmt.Sprintf("%s told the tenant a deadline cannot be met: %s.", who, deadline)
	case EventVulnerability:
		return e.Body
	case EventPhoto, EventVideo, EventOriginal, EventAlert, EventRemedial:
		return s.evidenceText(e, who)
	}
	if text, ok := e.Data["text"].(string); ok && text != "" { // contractors and visits (job.go's logStep)
		return text
	}
	return e.Kind
}

// view is the repair as one side sees it, with its deadlines, history and
// the changes that side may make now.
func (s *Service) view(ctx context.Context, r Repair, role Role) (View, error) {
	conn := s.d.DB.Conn()
	deadlines, err := deadlinesOf(ctx, conn, r.ID)
	if err != nil {
		return View{}, err
	}
	events, err := eventsOf(ctx, conn, r.ID)
	if err != nil {
		return View{}, err
	}
	now := s.now()
	v := View{ID: r.ID, PropertyID: r.PropertyID, Address: r.Address, Jurisdiction: r.Jurisdiction, Viewer: role, Category: r.Category,
		CategoryName: s.categoryName(r.Category), Answers: []AnswerView{}, Room: r.Room, Description: r.Description,
		Availability: r.Availability, EntryWhenOut: r.EntryWhenOut, Vulnerability: labelled(r.Vulnerability, VulnerabilityText),
		VulnerabilityAt: r.VulnerabilityAt, ReporterRole: r.ReporterRole, ReporterName: r.ReporterName, Channel: r.Channel,
		ChannelText: ChannelText[r.Channel], ChannelNote: r.ChannelNote, AwareAt: r.AwareAt, LoggedAt: r.CreatedAt,
		SuggestedPriority: r.SuggestedPriority, Priority: r.Priority, Emergency: r.Priority == Emergency,
		Hazards: labelled(r.Hazards, HazardText), Status: r.Status, StatusText: StatusText[r.Status], Open: r.Open(),
		HeldFrom: r.HeldFrom, Repeats: r.Repeats, Deadlines: []DeadlineView{}, History: []EventView{},
		HistoryValid: VerifyChain(events) == nil, Actions: actionsFor(r, role), Safety: []Advice{}, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if c := s.d.Data.Tree.category(r.Category); c != nil {
		for _, q := range c.Questions {
			for _, o := range q.Options {
				if r.Answers[q.ID] == o.ID {
					v.Answers = append(v.Answers, AnswerView{Question: q.Text, Answer: o.Text})
				}
			}
		}
		for _, id := range s.assessAnswered(r.Category, r.Answers).Safety {
			if a, ok := s.d.Data.Tree.AdviceFor(id, r.Jurisdiction); ok {
				v.Safety = append(v.Safety, a)
			}
		}
	}
	for _, d := range deadlines {
		dv := d.view(now)
		v.Deadlines = append(v.Deadlines, dv)
		if d.Effect == By && d.MetAt == nil && d.StoppedAt == nil && (v.NextDue == nil || d.DueAt.Before(v.NextDue.DueAt)) {
			next := dv
			v.NextDue = &next
		}
	}
	if err := s.evidenceOf(ctx, r, events, &v); err != nil {
		return View{}, err
	}
	for _, e := range events {
		v.History = append(v.History, EventView{Seq: e.Seq, At: e.At, Role: e.ActorRole, Name: e.ActorName, Kind: e.Kind, From: e.From,
			To: e.To, Text: s.eventText(e), Body: e.Body, Data: e.Data, Hash: e.Hash})
	}
	return v, nil
}

func (s *Service) item(r Repair, open []Deadline, now time.Time) Item {
	it := Item{ID: r.ID, PropertyID: r.PropertyID, Address: r.Address, Category: r.Category, CategoryName: s.categoryName(r.Category),
		Room: r.Room, Priority: r.Priority, Emergency: r.Priority == Emergency, Status: r.Status, StatusText: StatusText[r.Status],
		Open: r.Open(), ReporterRole: r.ReporterRole, AwareAt: r.AwareAt, Repeats: r.Repeats, UpdatedAt: r.UpdatedAt}
	if len(open) > 0 { // ordered by due moment
		dv := open[0].view(now)
		it.NextDue, it.Overdue = &dv, now.After(open[0].DueAt)
	}
	return it
}
