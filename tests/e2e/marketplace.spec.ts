import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { FILTER_BRANDS, formatEuro } from '../../src/shared/marketplace/constants'
import { MM, MT } from '../../src/shared/marketplace/messages'
import type { ProductCard, ProductDetail } from '../../src/shared/marketplace/schemas'
import { DEMO, fillAddress, holdRequests, registerAndVerify, signIn } from './support'

/**
 * Chooses a size on the product page (clicked, or pressed with the keyboard) and waits until it
 * shows as chosen: Add To Cart reads the size the page last rendered, and a press that comes
 * before that render asks for a size again.
 */
async function chooseSize(page: Page, name: string, how: 'click' | 'press' = 'click') {
  const button = page.getByRole('button', { name: `Size ${name}`, exact: true })
  await (how === 'click' ? button.click() : button.press('Enter'))
  await expect(button).toHaveAttribute('aria-pressed', 'true')
}

const euros = (text: string) => Number(text.replace(/[^0-9.,]/g, '').replace(/,/g, ''))

/** An evening dress by one of the 8 filter brands with size M available and a price below 480. */
async function pickTarget(page: Page) {
  const res = await page.request.get('/api/products?category=evening&sizes=M&maxPrice=480&limit=60')
  const items = ((await res.json()) as { items: ProductCard[] }).items
  const target = items.find((i) => (FILTER_BRANDS as readonly string[]).includes(i.brand))
  expect(target, 'the demo catalogue has a matching evening dress').toBeTruthy()
  return target!
}

test('signed-out visitors browse, get the spec messages, and are sent to log in to like', async ({ page }) => {
  await page.goto('/marketplace')
  await expect(page.getByRole('heading', { name: 'Dresses' })).toBeVisible()
  await page.getByLabel('Search products').fill('no-such-dress-anywhere')
  await page.getByLabel('Search products').press('Enter')
  await expect(page.getByText(MM.noProductsFound)).toBeVisible()
  await expect(page).toHaveURL(/q=no-such-dress-anywhere/)
  await page.getByRole('button', { name: MM.clearFilters }).click()
  await expect(page.locator('article').first()).toBeVisible()

  await page.getByRole('button', { name: /^Like / }).first().click()
  await expect(page.getByText(MM.logInToLike)).toBeVisible()
  await expect(page).toHaveURL(/\/login/)

  await page.goto('/product/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: MM.productNotFound })).toBeVisible()
  await expect(page.getByText(MM.productNotFoundBody)).toBeVisible()
  await page.getByRole('button', { name: 'Back to marketplace' }).click()
  await expect(page).toHaveURL(/\/marketplace$/)
})

test('filter, sort, like, add to cart, check out, see and cancel the order', async ({ page }) => {
  await registerAndVerify(page)
  const target = await pickTarget(page)

  // Filters: category + brand + size + price, all in the URL; then sort by price.
  await page.goto('/marketplace')
  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Evening' }).click()
  await page.getByRole('button', { name: /^Filters/ }).click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  await sheet.getByRole('button', { name: target.brand, exact: true }).click()
  await sheet.getByRole('button', { name: 'Size M', exact: true }).click()
  await sheet.getByLabel('Maximum price').fill('480')
  await sheet.getByRole('button', { name: 'Show results' }).click()
  await expect(page).toHaveURL(/category=evening/)
  await expect(page).toHaveURL(/sizes=M/)
  await expect(page).toHaveURL(/maxPrice=480/)
  await expect(page).toHaveURL(new RegExp(`brands=${encodeURIComponent(target.brand).replace(/%20/g, '(\\+|%20)')}`))
  await expect(page.getByRole('button', { name: 'Filters (3 selected)' })).toBeVisible()
  await page.getByLabel('Sort by').selectOption('price-low')
  await expect(page).toHaveURL(/sort=price-low/)
  const card = page.locator('article').filter({ hasText: target.name })
  await expect(card.first()).toBeVisible()
  const prices = await page.locator('article').evaluateAll((els) => els.map((e) => e.querySelector('.tabular span')?.textContent ?? ''))
  const values = prices.map(euros)
  expect(values.length).toBeGreaterThan(0)
  expect(values.every((v) => v > 0)).toBe(true)
  expect(values).toEqual([...values].sort((a, b) => a - b))
  // Back returns to the previous filters.
  await page.goBack()
  await expect(page).not.toHaveURL(/sort=price-low/)
  await page.goForward()
  await expect(page).toHaveURL(/sort=price-low/)

  // Product page: like, unlike, like; a failing like rolls back with the spec toast.
  await card.first().getByRole('link', { name: target.name }).first().click()
  await expect(page).toHaveURL(new RegExp(`/product/${target.id}`))
  await expect(page.getByRole('heading', { name: target.name })).toBeVisible()
  await expect(page.getByText(MT.addMeasurements)).toBeVisible()
  const like = page.getByRole('button', { name: `Like ${target.name}` })
  await like.click()
  await expect(page.getByText(MM.addedToFavorites)).toBeVisible()
  await page.getByRole('button', { name: `Unlike ${target.name}` }).click()
  await expect(page.getByText(MM.removedFromFavorites)).toBeVisible()
  await page.route('**/api/products/*/like', (route) => route.fulfill({ status: 500, body: '{}' }))
  await page.getByRole('button', { name: `Like ${target.name}` }).click()
  await expect(page.getByText(MM.failedToUpdateFavorites)).toBeVisible()
  await expect(page.getByRole('button', { name: `Like ${target.name}` })).toHaveAttribute('aria-pressed', 'false')
  await page.unroute('**/api/products/*/like')
  await page.getByRole('button', { name: `Like ${target.name}` }).click()
  await expect(page.getByRole('button', { name: `Unlike ${target.name}` })).toHaveAttribute('aria-pressed', 'true')

  // Size is required; then colour and size go into the cart.
  await page.getByRole('button', { name: MM.addToCart }).click()
  await expect(page.getByRole('alert').filter({ hasText: MT.pickSize })).toBeVisible()
  const detail = (await (await page.request.get(`/api/products/${target.id}`)).json()) as ProductDetail
  const color = detail.colors.at(-1)!.name
  await page.getByRole('button', { name: color, exact: true }).click()
  await chooseSize(page, 'M')
  await page.getByRole('button', { name: MM.addToCart }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByText(`Size M · ${color}`)).toBeVisible()

  // Quantity 1 -> 2 (never below 1).
  await expect(page.getByRole('button', { name: `Decrease quantity of ${target.name}` })).toBeDisabled()
  await page.getByRole('button', { name: `Increase quantity of ${target.name}` }).click()
  await expect(page.getByLabel('Quantity 2')).toBeVisible()
  const subtotal = Math.round(target.price * 200) / 100
  await expect(page.getByTestId('cart-subtotal')).toHaveText(formatEuro(subtotal))
  await page.getByRole('button', { name: new RegExp(MM.proceedToCheckout) }).click()
  await expect(page).toHaveURL(/\/checkout$/)

  // Shipping: required fields, then an address and the standard option.
  await page.getByLabel('Last name').fill('')
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByText(MM.fieldRequired).first()).toBeVisible()
  await page.getByLabel('First name').fill('Ada')
  await fillAddress(page, { lastName: 'Lovelace', country: 'France', streetName: '1 Rue de Rivoli', city: 'Paris', zipCode: '75001', phoneNumber: '+33 6 11 22 33 44' })
  await page.getByLabel('Save this address to my address book').check()
  await page.getByLabel(/Standard shipping/).check()
  // Validate needs a code (vouchers: colours-vouchers.spec.ts); the total is the subtotal plus shipping.
  await expect(page.getByRole('button', { name: MM.validate })).toBeDisabled()
  const total = Math.round((subtotal + 9.9) * 100) / 100
  await expect(page.getByTestId('checkout-total')).toHaveText(formatEuro(total))
  await page.getByRole('button', { name: 'Continue to payment' }).click()

  // Payment: terms are required; then the order is completed.
  const place = page.getByRole('button', { name: /Place order/ })
  await expect(place).toBeDisabled()
  await page.getByLabel('I agree to the terms and conditions').check()
  await place.click()
  await expect(page.getByRole('heading', { name: MM.orderCompleted })).toBeVisible()
  await page.getByRole('button', { name: MM.continueShopping }).click()
  await expect(page).toHaveURL(/\/marketplace$/)

  // Orders: under Pending, detail with correct totals, cancel, then under Cancelled.
  await page.goto('/my-orders')
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('link', { name: /Details of order/ }).click()
  await expect(page.getByRole('heading', { name: /^Order #\d+$/ })).toBeVisible()
  await expect(page.getByText(MM.orderOnTheWay)).toBeVisible()
  await expect(page.getByText(MM.trackOrder)).toBeVisible()
  await expect(page.getByText('1 Rue de Rivoli')).toBeVisible()
  const orderItems = page.getByRole('list', { name: 'Items' })
  await expect(orderItems.getByText(`2 × ${formatEuro(target.price)}`)).toBeVisible()
  await expect(orderItems.getByLabel(`Line total ${formatEuro(subtotal)}`)).toBeVisible()
  const totals = page.locator('dl').last()
  await expect(totals.getByText(MM.subTotal).locator('..')).toContainText(formatEuro(subtotal))
  await expect(totals.getByText(MM.shipping).locator('..')).toContainText(formatEuro(9.9))
  await expect(totals.getByText(MM.total, { exact: true }).locator('..')).toContainText(formatEuro(total))
  await page.getByRole('button', { name: 'Cancel order' }).click()
  await page.getByRole('button', { name: 'Yes, cancel' }).click()
  await expect(page.getByText(MT.orderWasCancelled)).toBeVisible()
  await page.goto('/my-orders')
  await expect(page.getByText(MM.noOrdersFound('pending'))).toBeVisible()
  await page.getByRole('tab', { name: 'Cancelled' }).click()
  await expect(page.getByRole('link', { name: /Details of order/ })).toBeVisible()
  await page.getByRole('tab', { name: 'Delivered' }).click()
  await expect(page.getByText(MM.noOrdersFound('delivered'))).toBeVisible()

  // Wishlist and address book.
  await page.goto('/profile/wishlist')
  await expect(page.getByText(target.name)).toBeVisible()
  await page.goto('/profile/address')
  await expect(page.getByText('Ada Lovelace')).toBeVisible()
  await expect(page.getByText(MM.defaultBadge, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: MM.addNewAddress }).click()
  await expect(page).toHaveURL(/\/profile\/address\/add$/)
  await fillAddress(page, { lastName: 'Hopper', country: 'Ireland', streetName: '7 Merrion Square', city: 'Dublin', zipCode: 'D02 XY45', phoneNumber: '+353 85 123 4567' })
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page).toHaveURL(/\/profile\/address$/)
  await page.getByRole('button', { name: MM.setAsDefault }).click()
  await expect(page.getByRole('listitem', { name: 'Hopper' }).getByText(MM.defaultBadge, { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('listitem', { name: 'Hopper' }).getByText(MM.defaultBadge, { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: MM.setAsDefault })).toHaveCount(1)

  // Log out on /marketplace/profile really signs out.
  await page.goto('/marketplace/profile')
  await page.getByRole('button', { name: MM.logOut }).click()
  await page.goto('/cart')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcart/)
})

test('a delivered order shows the delivered banner', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password)
  await page.goto('/my-orders?status=delivered')
  await page.getByRole('link', { name: /Details of order/ }).first().click()
  await expect(page.getByText(MM.orderDelivered)).toBeVisible()
  await expect(page.getByText(MM.rateForPoints)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
})

test('commerce details: live search by material, the choice survives sign-in, checkout lists the items', async ({ page }) => {
  // An account of its own, whose cart starts empty (on a retry too), then signed out.
  const account = await registerAndVerify(page)
  await page.context().clearCookies()

  // Typing is enough (as on /search), and a material word finds products.
  await page.goto('/marketplace')
  await page.getByLabel('Search products').fill('linen')
  await expect(page).toHaveURL(/q=linen/)
  await expect(page.locator('article').first()).toBeVisible()
  await expect(page.getByText(MM.noProductsFound)).toHaveCount(0)

  // Signed out: colour and size chosen, Add To Cart -> login -> back with the same choice.
  const target = await pickTarget(page)
  const detail = (await (await page.request.get(`/api/products/${target.id}`)).json()) as ProductDetail
  const color = detail.colors.at(-1)!.name
  await page.goto(`/product/${target.id}`)
  await page.getByRole('button', { name: color, exact: true }).click()
  await chooseSize(page, 'M')
  await page.getByRole('button', { name: MM.addToCart }).click()
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(new RegExp(`/product/${target.id}\\?`))
  await expect(page.getByRole('button', { name: color, exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: 'Size M', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: MM.addToCart }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await page.getByRole('button', { name: `Increase quantity of ${target.name}` }).first().click()
  await expect(page.getByLabel('Quantity 2').first()).toBeVisible()

  // Checkout lists what is being bought: quantity, unit price and line total.
  await page.goto('/checkout')
  const items = page.getByRole('list', { name: MT.itemsToBuy })
  const line = items.getByRole('listitem').filter({ hasText: target.name })
  await expect(line).toContainText(`Size M · ${color}`)
  await expect(line).toContainText(`2 × ${formatEuro(target.price)}`)
  await expect(line.getByLabel(`Line total ${formatEuro(Math.round(target.price * 200) / 100)}`)).toBeVisible()
})

test('names follow the profile: /marketplace/profile shows the displayed name and avatar, checkout pre-fills the real names', async ({ page }) => {
  await registerAndVerify(page)
  await page.goto('/marketplace/profile')
  await expect(page.getByTestId('shopper-name')).toBeVisible()
  const username = `ada_${Date.now().toString(36)}`
  await page.goto('/profile/edit')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#e0457b' } }).png().toBuffer() })
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/profile$/)

  await page.goto('/marketplace/profile')
  await expect(page.getByTestId('shopper-name')).toHaveText('Ada Lovelace')
  await expect(page.locator('img[src^="/api/files/avatars/"]')).toBeVisible()

  const target = await pickTarget(page)
  const detail = (await (await page.request.get(`/api/products/${target.id}`)).json()) as ProductDetail
  const added = await page.request.post('/api/cart/items', { data: { productId: target.id, size: 'M', color: detail.colors[0]!.name, quantity: 1 } })
  expect(added.status()).toBe(201)
  await page.goto('/checkout')
  await expect(page.getByLabel('First name')).toHaveValue('Ada')
  await expect(page.getByLabel('Last name')).toHaveValue('Lovelace')

  // A name typed while the profile is still on its way is kept; the empty one is filled.
  const releaseProfile = await holdRequests(page, '**/api/profile')
  await page.goto('/checkout')
  await page.getByLabel('First name').fill('Grace')
  releaseProfile()
  await expect(page.getByLabel('Last name')).toHaveValue('Lovelace')
  await expect(page.getByLabel('First name')).toHaveValue('Grace')
})

test('a toast covers neither the top bar (Back, title) nor the Add To Cart bar', async ({ page }) => {
  const target = await pickTarget(page)
  await page.goto(`/product/${target.id}`)
  await page.getByRole('button', { name: MM.addToCart }).click()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: MT.pickSize })
  await expect(toast).toBeVisible()
  await page.waitForTimeout(600) // the slide-in has ended
  const bar = (await page.locator('header').first().boundingBox())!
  const box = (await toast.boundingBox())!
  const addToCart = (await page.getByRole('button', { name: MM.addToCart }).boundingBox())!
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height)
  expect(box.y + box.height).toBeLessThanOrEqual(addToCart.y)
})

test("a toast stays on the screen it was raised for and closes when the user leaves it (it covered checkout's total)", async ({ page }) => {
  const target = await pickTarget(page)
  await signIn(page, DEMO.email, DEMO.password)
  await page.goto(`/product/${target.id}`)
  await chooseSize(page, 'M')
  await page.getByRole('button', { name: MM.addToCart }).click()
  await expect(page).toHaveURL(/\/cart$/)
  // Raised with the navigation to the cart: it shows there.
  const added = page.locator('[data-sonner-toast]').filter({ hasText: MT.addedToCart })
  await expect(added).toBeVisible()
  await page.waitForTimeout(1200)
  await page.getByRole('button', { name: new RegExp(MM.proceedToCheckout) }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(added).toHaveCount(0, { timeout: 1500 })
})

test('a toast carried to the next screen closes when the user leaves that one, however quickly; a checkout step is a screen', async ({ page }) => {
  const target = await pickTarget(page)
  await signIn(page, DEMO.email, DEMO.password)
  // No time passes on the page's clock (every toast counts as raised with the next navigation), and
  // the pointer rests on the toasts (sonner keeps them open): only leaving a screen closes them.
  // Controls are pressed with the keyboard, so the pointer stays where it is.
  await page.clock.setFixedTime(new Date())
  await page.goto(`/product/${target.id}`)
  await page.getByRole('button', { name: MM.addToCart }).press('Enter')
  const pickSize = page.locator('[data-sonner-toast]').filter({ hasText: MT.pickSize })
  await pickSize.hover()
  await chooseSize(page, 'M', 'press')
  await page.getByRole('button', { name: MM.addToCart }).press('Enter')
  await expect(page).toHaveURL(/\/cart$/)
  const added = page.locator('[data-sonner-toast]').filter({ hasText: MT.addedToCart })
  await expect(added).toBeVisible()
  await expect(pickSize).toBeVisible()
  await page.getByRole('button', { name: new RegExp(MM.proceedToCheckout) }).press('Enter')
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(pickSize).toHaveCount(0)
  await expect(added).toHaveCount(0)

  // A failure raised just before leaving the cart is carried to the shipping step, and closes on payment.
  await page.goBack()
  await page.route('**/api/cart/items/*', (route) => route.fulfill({ status: 500, body: '{}' }))
  await page.getByRole('button', { name: `Increase quantity of ${target.name}` }).press('Enter')
  const failed = page.locator('[data-sonner-toast][data-type="error"]')
  await failed.hover()
  await page.getByRole('button', { name: new RegExp(MM.proceedToCheckout) }).press('Enter')
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(failed).toBeVisible()
  await page.getByLabel('First name').fill('Ada')
  await fillAddress(page, { lastName: 'Lovelace', country: 'France', streetName: '1 Rue de Rivoli', city: 'Paris', zipCode: '75001', phoneNumber: '+33 6 11 22 33 44' })
  await page.getByRole('button', { name: 'Continue to payment' }).press('Enter')
  await expect(page.getByRole('button', { name: /Place order/ })).toBeVisible()
  await expect(failed).toHaveCount(0)
})
