package contract

// BeforeAcknowledgeLock makes AcknowledgeTerm run f between its first read
// of the draft and the transaction that locks it: what another request
// does there is what a request arriving at that instant does.
func (s *Service) BeforeAcknowledgeLock(f func()) { s.beforeAckLock = f }
