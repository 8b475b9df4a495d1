package contract

// NoticeParty is a tenant as a notice served during the tenancy names them.
type NoticeParty struct {
	Name  string
	Email string
}

// NoticeFacts are an agreement's parties and terms written as the
// agreement writes them, for the notices served during the tenancy
// (internal/notices, through internal/app): the prescribed form's answers
// must match the agreement.
type NoticeFacts struct {
	LandlordName    string
	ServiceAddress  string
	PropertyAddress string
	Bills           string // the bills the rent includes, "" for none
	Tenants         []NoticeParty
}

// NoticeFactsOf is NoticeFacts of a record (an agreement with its property).
func NoticeFactsOf(r Record) NoticeFacts {
	v := viewOf(r.Answers, r.Property)
	f := NoticeFacts{LandlordName: v.LandlordName, ServiceAddress: v.ServiceAddress, PropertyAddress: v.PropertyAddress, Bills: v.Bills}
	for _, t := range r.Answers.Tenants {
		f.Tenants = append(f.Tenants, NoticeParty{Name: t.name(), Email: t.Email})
	}
	return f
}
