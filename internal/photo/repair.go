package photo

// KindRepair is the kind of a repair's photos (owner id: the repair's):
// the tenant's photos of the fault, the landlord's, and an image sent as
// the original message of a report the landlord logged (internal/repair).
const KindRepair = "repair"

// MaxPerRepair bounds a repair's photos: enough for a long repair's
// history (before, during, after), few enough for its history PDF.
const (
	MaxPerRepair       = 60
	MsgTooManyInRepair = "This repair already has 60 photos. Please describe anything more in a message."
)
