import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '../../rules';
import { renderApp, testDocument } from '../test/renderApp';
import { customDataDocId } from './CustomDataScreen';

const custom = {
  documentId: 7,
  categories: [
    {
      id: 10,
      name: 'Invoice data',
      order: 1,
      fields: [
        {
          id: 100,
          categoryId: 10,
          name: 'vat',
          label: 'VAT id',
          dataSource: 'ManualEntry',
          valueType: 'text',
          order: 1,
          required: true,
          maxLength: 20,
          editable: true,
        },
      ],
    },
  ],
  values: [{ fieldId: 100, value: 'DE1' }],
};

describe('CustomDataScreen', () => {
  it('shows the custom data of /documents/{docId}/custom under the document name', async () => {
    renderApp('/documents/7/custom', {
      'GET /api/options': () => [],
      'GET /api/documents/7': () => testDocument({ id: 7, name: 'invoice.pdf' }),
      'GET /api/document/7/custom': () => custom,
    });
    expect(await screen.findByRole('heading', { name: 'Custom data — invoice.pdf' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Invoice data' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /VAT id/ })).toHaveProperty('value', 'DE1'));
  });

  it('takes an integer docId only (spec §2); anything else is not found', async () => {
    expect(customDataDocId('7')).toBe(7);
    expect(customDataDocId('Vm-0wd2Qy')).toBe(0);
    expect(customDataDocId('0')).toBe(0);
    renderApp('/documents/abc/custom', { 'GET /api/options': () => [] });
    expect(await screen.findByText(MESSAGES.documentNotFound)).toBeTruthy();
  });
});
