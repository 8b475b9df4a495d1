// Any unknown path shows exactly this text (spec 1 section 2.1).
export default function NotFound() {
  return (
    <main className="not-found">
      <h1>404 Not Found!</h1>
    </main>
  )
}
