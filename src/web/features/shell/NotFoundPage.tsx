import { Link } from '../../lib/router'
import { M } from '~/shared/messages'
import { Screen, Wordmark } from '../../components/Layout'

export default function NotFoundPage() {
  return (
    <Screen className="items-center justify-center gap-4 px-8 text-center">
      <Wordmark />
      <p className="font-serif text-[64px] leading-none">404</p>
      <h1 className="text-xl font-semibold">{M.notFound}</h1>
      <p className="text-sm text-muted">The page you are looking for is not here.</p>
      <Link to="/" className="inline-flex min-h-11 items-center rounded-full bg-rose px-6 text-sm font-semibold text-on-accent">
        Return to Home
      </Link>
    </Screen>
  )
}
