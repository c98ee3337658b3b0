import { Fragment } from 'react'
import { Link } from '../../lib/router'

/** Text with @mentions linked to the mentioned user's profile. */
export function MentionText({ text }: { text: string }) {
  const parts = text.split(/(@[a-z0-9._]{3,20})/gi)
  return (
    <>
      {parts.map((part, i) =>
        /^@[a-z0-9._]{3,20}$/i.test(part) ? (
          <Link key={i} to={`/u/${part.slice(1).toLowerCase()}`} className="font-semibold text-rose">
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  )
}
