import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import ProductDetailsPage from '@/features/products/pages/product-details-page';
import { withQueryClient } from '@/test-support/query';

const PRODUCTS = [
  {
    id: 'paracetamol',
    productName: 'Paracetamol',
    productImage: '/images/products/paracetamol.svg',
    price: 10,
    description: 'Relief for mild to moderate pain and fever.',
    category: 'Pain Relief',
  },
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  global.fetch = jest.fn().mockResolvedValue({
    ok: true,
    status: 200,
    json: () => Promise.resolve({ statusCode: 200, msg: 'Success', data: PRODUCTS }),
  } as unknown as Response);
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/product/:id" element={<ProductDetailsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

describe('the product details page', () => {
  it('when the quantity is at 1, then it cannot go lower by the button or by typing', async () => {
    renderAt('/product/PARACETAMOL');
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect(quantity).toHaveValue(1);
    const decrease = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(decrease).toBeDisabled();
    fireEvent.click(decrease);
    expect(quantity).toHaveValue(1);

    fireEvent.change(quantity, { target: { value: '0' } });
    expect(quantity).toHaveValue(1);
    fireEvent.change(quantity, { target: { value: '-5' } });
    expect(quantity).toHaveValue(1);
  });

  it('when the quantity goes up and down, then it stops at 1 and Add to Cart carries it to checkout', async () => {
    renderAt('/product/paracetamol');
    const user = userEvent.setup();
    const increase = await screen.findByRole('button', { name: 'Increase quantity' });
    await user.click(increase);
    await user.click(increase);
    const decrease = screen.getByRole('button', { name: 'Decrease quantity' });
    await user.click(decrease);
    await user.click(decrease);
    await user.click(decrease);
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    await user.click(increase);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout?name=Paracetamol&price=10&quantity=2');
  });

  it('when the product is unknown, then the visitor is sent to /products', async () => {
    renderAt('/product/aspirin');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/products$/);
  });
});
