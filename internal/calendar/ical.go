package calendar

import (
	"bytes"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	ical "github.com/emersion/go-ical"
)

// iCalendar (RFC 5545) files, made with github.com/emersion/go-ical: the
// subscription feed, and the invitations and cancellations attached to
// the attendees' e-mails (RFC 5546 METHOD REQUEST / CANCEL).

const prodID = "-//OmniRent//Calendar//EN"

// uid is an event's stable iCalendar UID.
func uid(key string) string { return key + "@omnirent" }

func textProp(name, value string) *ical.Prop {
	p := ical.NewProp(name)
	p.SetText(value)
	return p
}

// newCalendar starts a VCALENDAR with the Europe/London VTIMEZONE every
// DTSTART;TZID=Europe/London refers to.
func newCalendar(method, name string) *ical.Calendar {
	cal := ical.NewCalendar()
	cal.Props.SetText(ical.PropProductID, prodID)
	cal.Props.SetText(ical.PropVersion, "2.0")
	cal.Props.SetText(ical.PropCalendarScale, "GREGORIAN")
	if method != "" {
		cal.Props.SetText(ical.PropMethod, method)
	}
	if name != "" {
		cal.Props.Set(&ical.Prop{Name: "X-WR-CALNAME", Params: ical.Params{}, Value: name})
		cal.Props.Set(&ical.Prop{Name: "X-WR-TIMEZONE", Params: ical.Params{}, Value: TimeZone})
		refresh := ical.NewProp(ical.PropRefreshInterval)
		refresh.SetValueType(ical.ValueDuration)
		refresh.Value = "PT1H"
		cal.Props.Set(refresh)
		cal.Props.Set(&ical.Prop{Name: "X-PUBLISHED-TTL", Params: ical.Params{}, Value: "PT1H"})
	}
	cal.Children = append(cal.Children, londonTimezone())
	return cal
}

// londonTimezone is Europe/London's rules since 1996: BST from 01:00 UTC on
// the last Sunday of March to 01:00 UTC on the last Sunday of October.
func londonTimezone() *ical.Component {
	tz := ical.NewComponent(ical.CompTimezone)
	tz.Props.SetText(ical.PropTimezoneID, TimeZone)
	tz.Props.Set(&ical.Prop{Name: "X-LIC-LOCATION", Params: ical.Params{}, Value: TimeZone})
	part := func(name, from, to, tzname, start, rule string) *ical.Component {
		c := ical.NewComponent(name)
		for _, p := range []*ical.Prop{
			{Name: ical.PropTimezoneOffsetFrom, Params: ical.Params{}, Value: from},
			{Name: ical.PropTimezoneOffsetTo, Params: ical.Params{}, Value: to},
			textProp(ical.PropTimezoneName, tzname),
			{Name: ical.PropDateTimeStart, Params: ical.Params{}, Value: start},
			{Name: ical.PropRecurrenceRule, Params: ical.Params{}, Value: rule},
		} {
			c.Props.Set(p)
		}
		return c
	}
	tz.Children = append(tz.Children,
		part(ical.CompTimezoneDaylight, "+0000", "+0100", "BST", "19700329T010000", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
		part(ical.CompTimezoneStandard, "+0100", "+0000", "GMT", "19701025T020000", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"))
	return tz
}

func mailto(email string) string { return "mailto:" + email }

// organizer is who sends the invitations (the event's owner).
type organizer struct{ Email, Name string }

// eventComponents are an event's VEVENTs: the series (with RRULE and the
// deleted occurrences as EXDATE) and one per changed occurrence
// (RECURRENCE-ID), all with the same UID.
func eventComponents(e Event, org organizer, now time.Time, cancelled bool, baseURL string) ([]*ical.Component, error) {
	s, err := seriesOf(e)
	if err != nil {
		return nil, err
	}
	base := func(start, end time.Time, title string) *ical.Component {
		c := ical.NewComponent(ical.CompEvent)
		c.Props.SetText(ical.PropUID, uid(e.ID))
		c.Props.SetDateTime(ical.PropDateTimeStamp, now.UTC())
		c.Props.SetDateTime(ical.PropDateTimeStart, start.In(london))
		c.Props.SetDateTime(ical.PropDateTimeEnd, end.In(london))
		c.Props.SetDateTime(ical.PropCreated, e.CreatedAt.UTC())
		c.Props.SetDateTime(ical.PropLastModified, e.UpdatedAt.UTC())
		seq := ical.NewProp(ical.PropSequence)
		seq.Value = strconv.Itoa(e.Sequence)
		c.Props.Set(seq)
		c.Props.SetText(ical.PropSummary, title)
		if e.Description != "" {
			c.Props.SetText(ical.PropDescription, e.Description)
		}
		if e.Location.Address != "" {
			c.Props.SetText(ical.PropLocation, e.Location.Address)
		}
		c.Props.Set(textProp(ical.PropCategories, e.Category))
		if cancelled {
			c.Props.SetText(ical.PropStatus, string(ical.EventCancelled))
		} else {
			c.Props.SetText(ical.PropStatus, string(ical.EventConfirmed))
		}
		if baseURL != "" {
			u := ical.NewProp(ical.PropURL)
			u.SetValueType(ical.ValueURI)
			u.Value = strings.TrimRight(baseURL, "/") + "/calendar/view/" + e.ID
			c.Props.Set(u)
		}
		if org.Email != "" {
			o := ical.NewProp(ical.PropOrganizer)
			o.Value = mailto(org.Email)
			if org.Name != "" {
				o.Params.Set(ical.ParamCommonName, org.Name)
			}
			c.Props.Set(o)
		}
		for _, a := range e.Attendees {
			p := ical.NewProp(ical.PropAttendee)
			p.Value = mailto(a.Email)
			p.Params.Set(ical.ParamCommonName, strings.TrimSpace(a.FirstName+" "+a.LastName))
			p.Params.Set(ical.ParamRole, "REQ-PARTICIPANT")
			p.Params.Set(ical.ParamParticipationStatus, "NEEDS-ACTION")
			c.Props.Add(p)
		}
		return c
	}
	master := base(s.start, s.start.Add(s.duration), e.Title)
	if e.RRule != "" {
		r := ical.NewProp(ical.PropRecurrenceRule)
		r.SetValueType(ical.ValueRecurrence)
		r.Value = e.RRule
		master.Props.Set(r)
	}
	out := []*ical.Component{master}
	for _, x := range e.Exceptions {
		orig, err := time.ParseInLocation(localFmt, x.Occurrence, london)
		if err != nil || !s.has(orig) {
			continue
		}
		if x.Deleted {
			p := ical.NewProp(ical.PropExceptionDates)
			p.SetDateTime(orig)
			master.Props.Add(p)
			continue
		}
		start, err1 := wallClock(x.Date, x.StartTime)
		end, err2 := wallClock(x.Date, x.EndTime)
		if err1 != nil || err2 != nil {
			continue
		}
		title := e.Title
		if x.Title != "" {
			title = x.Title
		}
		c := base(start, end, title)
		c.Props.SetDateTime(ical.PropRecurrenceID, orig)
		out = append(out, c)
	}
	return out, nil
}

// allDayComponent is a generated date (legal date or certificate expiry).
func allDayComponent(o Occurrence, now time.Time, baseURL string) *ical.Component {
	day, _ := time.ParseInLocation(dateFmt, o.Date, london)
	c := ical.NewComponent(ical.CompEvent)
	c.Props.SetText(ical.PropUID, uid(o.Key))
	c.Props.SetDateTime(ical.PropDateTimeStamp, now.UTC())
	c.Props.SetDate(ical.PropDateTimeStart, day)
	c.Props.SetDate(ical.PropDateTimeEnd, day.AddDate(0, 0, 1))
	c.Props.SetText(ical.PropSummary, o.Title)
	desc := o.Description
	if o.Note != "" {
		desc += "\n\n" + o.Note
	}
	if o.Source != "" {
		desc += "\n\nSource: " + o.Source
	}
	if o.Link != "" && baseURL != "" {
		link := o.Link
		if strings.HasPrefix(link, "/") {
			link = strings.TrimRight(baseURL, "/") + link
		}
		desc += "\n\n" + link
		u := ical.NewProp(ical.PropURL)
		u.SetValueType(ical.ValueURI)
		u.Value = link
		c.Props.Set(u)
	}
	c.Props.SetText(ical.PropDescription, desc)
	if o.Location.Address != "" {
		c.Props.SetText(ical.PropLocation, o.Location.Address)
	}
	c.Props.Set(textProp(ical.PropCategories, o.Category))
	c.Props.SetText(ical.PropTransparency, "TRANSPARENT")
	return c
}

// encode writes cal as RFC 5545 text: control characters the user typed
// (a CR from a pasted text, a quote in a name) are taken out first, as
// go-ical refuses a CR in a value and a quote in a parameter and would let
// a line break through a parameter; and lines longer than 75 octets are
// folded (section 3.1), which go-ical does not do.
func encode(cal *ical.Calendar) ([]byte, error) {
	clean(cal.Component)
	var b bytes.Buffer
	if err := ical.NewEncoder(&b).Encode(cal); err != nil {
		return nil, err
	}
	return fold(b.Bytes()), nil
}

// noControls drops the control characters RFC 5545 does not allow in a
// value (all but HTAB; line breaks in text are already escaped as \n).
func noControls(s string) string {
	return strings.Map(func(r rune) rune {
		if (r < 0x20 && r != '\t') || r == 0x7f {
			return -1
		}
		return r
	}, s)
}

func clean(c *ical.Component) {
	for name, props := range c.Props {
		for i := range props {
			props[i].Value = noControls(props[i].Value)
			for k, vs := range props[i].Params {
				for j, v := range vs {
					vs[j] = strings.ReplaceAll(noControls(v), `"`, "'")
				}
				props[i].Params[k] = vs
			}
		}
		c.Props[name] = props
	}
	for _, child := range c.Children {
		clean(child)
	}
}

// fold breaks every content line longer than 75 octets into lines of at
// most 75 octets, each continuation starting with a space, never inside a
// UTF-8 character.
func fold(b []byte) []byte {
	const limit = 75
	var out bytes.Buffer
	for _, line := range bytes.SplitAfter(b, []byte("\r\n")) {
		body := bytes.TrimSuffix(line, []byte("\r\n"))
		room := limit
		for len(body) > room {
			cut := room
			for cut > 0 && !utf8.RuneStart(body[cut]) {
				cut--
			}
			out.Write(body[:cut])
			out.WriteString("\r\n ")
			body = body[cut:]
			room = limit - 1
		}
		out.Write(body)
		if len(body) != len(line) {
			out.WriteString("\r\n")
		}
	}
	return out.Bytes()
}
