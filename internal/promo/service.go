package promo

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/clock"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/session"
)

type Service struct {
	db    *db.DB
	clock clock.Clock
}

func NewService(d *db.DB, c clock.Clock) *Service { return &Service{db: d, clock: c} }

// Input is a code as the admin form sends it.
type Input struct {
	Code      string `json:"code"`
	Active    bool   `json:"active"`
	Discount  int    `json:"discount"`
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"`
}

// validate applies the form's rules (spec 2 section 5, "Promo create and
// update"), every failing field at once. Dates may come as full ISO times;
// only the day counts.
func (in *Input) validate() error {
	in.Code = strings.TrimSpace(in.Code)
	in.StartDate, in.EndDate = day(in.StartDate), day(in.EndDate)
	fields := map[string]string{}
	if in.Code == "" || len(in.Code) > maxCodeLen || strings.ContainsAny(in.Code, " \t\r\n") {
		fields["code"] = MsgCodeRequired
	}
	if !validDay(in.StartDate) {
		fields["startDate"] = MsgStartRequired
	}
	if !validDay(in.EndDate) || (validDay(in.StartDate) && in.EndDate < in.StartDate) {
		fields["endDate"] = MsgEndInvalid
	}
	if in.Discount <= 0 || in.Discount > 100 {
		fields["discount"] = MsgDiscount
	}
	for _, f := range []string{"code", "startDate", "endDate", "discount"} {
		if msg, bad := fields[f]; bad {
			return apperr.Fields(msg, fields)
		}
	}
	return nil
}

func day(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 10 {
		s = s[:10]
	}
	return s
}

func validDay(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// Create, Update, Delete and List are the admin's: anyone else is refused
// here, whatever route or caller asks.
func (s *Service) Create(ctx context.Context, a session.Actor, in Input) (Code, error) {
	if err := a.RequireAdmin(); err != nil {
		return Code{}, err
	}
	if err := in.validate(); err != nil {
		return Code{}, err
	}
	now := s.clock.Now()
	c := Code{ID: uuid.NewString(), Code: in.Code, Active: in.Active, Discount: in.Discount,
		StartDate: in.StartDate, EndDate: in.EndDate, CreatedAt: now, UpdatedAt: now}
	return c, insert(ctx, s.db.Conn(), c)
}

func (s *Service) Update(ctx context.Context, a session.Actor, id string, in Input) (Code, error) {
	if err := a.RequireAdmin(); err != nil {
		return Code{}, err
	}
	if err := in.validate(); err != nil {
		return Code{}, err
	}
	c, err := byID(ctx, s.db.Conn(), id)
	if err != nil {
		return Code{}, err
	}
	c.Code, c.Active, c.Discount, c.StartDate, c.EndDate, c.UpdatedAt = in.Code, in.Active, in.Discount, in.StartDate, in.EndDate, s.clock.Now()
	return c, update(ctx, s.db.Conn(), c)
}

func (s *Service) Delete(ctx context.Context, a session.Actor, id string) error {
	if err := a.RequireAdmin(); err != nil {
		return err
	}
	return remove(ctx, s.db.Conn(), id)
}

func (s *Service) List(ctx context.Context, a session.Actor) ([]Code, error) {
	if err := a.RequireAdmin(); err != nil {
		return nil, err
	}
	return all(ctx, s.db.Conn())
}

// Check is the answer to "can this code be used now?": an unknown code is
// NotFound ('Invalid code'); a known one says whether it is usable and why not.
type Check struct {
	Code     string `json:"code"`
	IsValid  bool   `json:"isValid"`
	Message  string `json:"message"`
	Discount int    `json:"discount"`
}

func (s *Service) Check(ctx context.Context, code string) (Check, error) {
	c, err := byCode(ctx, s.db.Conn(), code)
	if apperr.IsNotFound(err) || strings.TrimSpace(code) == "" {
		return Check{}, apperr.New(apperr.NotFound, "invalid_code", MsgInvalidCode)
	}
	if err != nil {
		return Check{}, err
	}
	ok, why := c.Usable(s.clock.Now())
	return Check{Code: c.Code, IsValid: ok, Message: why, Discount: c.Discount}, nil
}
