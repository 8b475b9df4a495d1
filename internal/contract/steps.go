package contract

// Step names a wizard screen (spec 2 section 2, "Wizard", in its order, as
// the law changed it: a jurisdiction step, a term-type step that explains
// why the fixed term is gone, a notice step that states the statutory
// periods, and no term length).
type Step string

const (
	StepLandlord       Step = "landlord"
	StepServiceAddress Step = "serviceAddress"
	StepJurisdiction   Step = "jurisdiction"
	StepContractType   Step = "contractType"
	StepRoomLocation   Step = "roomLocation"
	// StepResidentLandlord asks, for a room, whether the landlord lives in
	// the property (Housing Act 1988 Schedule 1: then it is no assured tenancy).
	StepResidentLandlord Step = "residentLandlord"
	StepTermType         Step = "termType"
	StepStartDate        Step = "startDate"
	StepNoticePeriod     Step = "noticePeriod"
	StepTenants          Step = "tenants"
	StepGuarantor        Step = "guarantor"
	StepOccupiers        Step = "occupiers"
	StepRent             Step = "rent"
	StepFirstPayment     Step = "firstPayment"
	StepDeposit          Step = "deposit"
	StepUtilities        Step = "utilities"
	StepSchedule         Step = "schedule"
	StepShared           Step = "shared"
	StepParking          Step = "parking"
	StepAdditionalTerms  Step = "additionalTerms"
	StepMortgage         Step = "mortgage"
	StepFinished         Step = "finished"
)

var allSteps = []Step{
	StepLandlord, StepServiceAddress, StepJurisdiction, StepContractType, StepRoomLocation, StepResidentLandlord, StepTermType, StepStartDate,
	StepNoticePeriod, StepTenants, StepGuarantor, StepOccupiers, StepRent, StepFirstPayment, StepDeposit, StepUtilities,
	StepSchedule, StepShared, StepParking, StepAdditionalTerms, StepMortgage, StepFinished,
}

// Steps is the wizard's path for these answers: the room-location and
// resident-landlord steps appear only for a room-only contract.
func Steps(a Answers) []Step {
	out := make([]Step, 0, len(allSteps))
	for _, s := range allSteps {
		if (s == StepRoomLocation || s == StepResidentLandlord) && a.ContractType != "room" {
			continue
		}
		out = append(out, s)
	}
	return out
}

func validStep(s Step) bool {
	for _, x := range allSteps {
		if x == s {
			return true
		}
	}
	return false
}

// next is the step after s on the answers' path.
func next(a Answers, s Step) Step {
	path := Steps(a)
	for i, x := range path {
		if x == s && i+1 < len(path) {
			return path[i+1]
		}
	}
	return StepFinished
}
