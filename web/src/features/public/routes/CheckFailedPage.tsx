// /checkFailed shows only the word "fail" (spec 1 section 2.1).
export default function CheckFailedPage() {
  return <main>fail</main>
}
