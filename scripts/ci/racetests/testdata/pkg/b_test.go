package pkg

func fire() {
	go func() {}()
}
