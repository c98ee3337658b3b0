import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { BrowserRouter } from './lib/router'
import { Toaster } from './components/Toaster'
import { readInlinedAnswers } from './lib/inlined-answers'
import { queryClient } from './lib/query-client'
import { primeSession } from './lib/session'
import { AppRoutes } from './routes'
import './styles.css'

primeSession(queryClient)
readInlinedAnswers()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
)
