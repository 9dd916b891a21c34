/** A fixed set of listings, small enough to know by heart, for the answer engines' tests. */
import type { Listing } from '../../src/protocol/index.ts';

type Spec = Partial<Listing> & Pick<Listing, 'MLSNumber' | 'Address' | 'City' | 'State' | 'ZIP'>;

function listing(spec: Spec): Listing {
  const slug = spec.Address.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    Id: `id-${spec.MLSNumber}`,
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Single Family',
    Bedrooms: 3,
    Bathrooms: 2,
    Url: `https://homes.example/${slug}`,
    YearBuilt: 2000,
    DaysOnMarket: 10,
    LotArea: 5000,
    BuildingArea: 1800,
    AreaUnit: 'Square Feet',
    ParkingSpots: 1,
    Images: [`https://img.example/${slug}.jpg`],
    Tours: '',
    Description: '',
    ExtensionColumn: [],
    Location: '',
    Latitude: null,
    Longitude: null,
    SalePrice: null,
    UnitAreaPrice: null,
    HOAMonth: null,
    EstimatePrice: null,
    RentPrice: null,
    SpaceType: '',
    DepositFee: null,
    CreatedAt: '2026-11-01T00:00:00.000Z',
    UpdatedAt: '2026-11-01T00:00:00.000Z',
    ...spec,
  };
}

export const fixtureListings: Listing[] = [
  // Austin, TX — for sale
  listing({ MLSNumber: 'A100', Address: '12 Oak St', City: 'Austin', State: 'TX', ZIP: '78701', SalePrice: 489000, Bedrooms: 3, Bathrooms: 2.5, Tours: '3D', ParkingSpots: 2, YearBuilt: 1998, BuildingArea: 1850 }),
  listing({ MLSNumber: 'A101', Address: '7 Elm Ave', City: 'Austin', State: 'TX', ZIP: '78702', SalePrice: 455000, Bedrooms: 3, Bathrooms: 2, ParkingSpots: 0, YearBuilt: 1985, BuildingArea: 1600 }),
  listing({ MLSNumber: 'A102', Address: '300 Lamar Blvd', City: 'Austin', State: 'TX', ZIP: '78703', SalePrice: 725000, Bedrooms: 4, Bathrooms: 3, Tours: 'OpenHouse', ParkingSpots: 2, YearBuilt: 2015, BuildingArea: 2600 }),
  listing({ MLSNumber: 'A103', Address: '55 Congress Ave Unit 1204', City: 'Austin', State: 'TX', ZIP: '78701', SalePrice: 389000, PropertyType: 'Condo', Bedrooms: 1, Bathrooms: 1, ParkingSpots: 1, YearBuilt: 2010, BuildingArea: 820, HOAMonth: 410 }),
  listing({ MLSNumber: 'A104', Address: '19 Pecan Ln', City: 'Austin', State: 'TX', ZIP: '78704', SalePrice: 610000, Bedrooms: 3, Bathrooms: 2, Status: 'Sold', YearBuilt: 2005 }),
  listing({ MLSNumber: 'A105', Address: '88 Barton Springs Rd', City: 'Austin', State: 'TX', ZIP: '78704', SalePrice: 540000, PropertyType: 'Townhouse', Bedrooms: 2, Bathrooms: 2.5, Status: 'PreOnMarket', YearBuilt: 2022, BuildingArea: 1400 }),
  // Austin, TX — for rent
  listing({ MLSNumber: 'A200', Address: '410 Riverside Dr Apt 3', City: 'Austin', State: 'TX', ZIP: '78704', SaleType: 'for_rent', RentPrice: 1850, PropertyType: 'Apartment', Bedrooms: 1, Bathrooms: 1, ParkingSpots: 0, BuildingArea: 700 }),
  listing({ MLSNumber: 'A201', Address: '23 Cedar St', City: 'Austin', State: 'TX', ZIP: '78702', SaleType: 'for_rent', RentPrice: 2600, Bedrooms: 3, Bathrooms: 2, ParkingSpots: 2, Tours: '3D' }),
  listing({ MLSNumber: 'A202', Address: '9 Willow Way', City: 'Austin', State: 'TX', ZIP: '78703', SaleType: 'for_rent', RentPrice: 2200, PropertyType: 'Townhouse', Bedrooms: 2, Bathrooms: 2, ParkingSpots: 1 }),
  // Denver, CO
  listing({ MLSNumber: 'D300', Address: '1500 Larimer St', City: 'Denver', State: 'CO', ZIP: '80202', SalePrice: 615000, PropertyType: 'Condo', Bedrooms: 2, Bathrooms: 2, ParkingSpots: 1, YearBuilt: 2018, BuildingArea: 1150 }),
  listing({ MLSNumber: 'D301', Address: '42 Aspen Ct', City: 'Denver', State: 'CO', ZIP: '80210', SalePrice: 980000, Bedrooms: 5, Bathrooms: 3.5, ParkingSpots: 3, Tours: '3D', YearBuilt: 2008, BuildingArea: 3400 }),
  listing({ MLSNumber: 'D302', Address: '310 Colfax Ave', City: 'Denver', State: 'CO', ZIP: '80203', SaleType: 'for_rent', RentPrice: 1650, PropertyType: 'Apartment', Bedrooms: 0, Bathrooms: 1, ParkingSpots: 0, BuildingArea: 480 }),
  listing({ MLSNumber: 'D303', Address: '7 Pine Pl', City: 'Denver', State: 'CO', ZIP: '80210', SaleType: 'for_rent', RentPrice: 3100, Bedrooms: 3, Bathrooms: 2.5, ParkingSpots: 2, Tours: 'OpenHouse' }),
  // Portland, OR — metric, older
  listing({ MLSNumber: 'P400', Address: '815 Alberta St', City: 'Portland', State: 'OR', ZIP: '97211', SalePrice: 525000, Bedrooms: 3, Bathrooms: 1.5, YearBuilt: 1925, BuildingArea: 150, AreaUnit: 'Square Meters', ParkingSpots: 1 }),
  listing({ MLSNumber: 'P401', Address: '2 Hawthorne Blvd', City: 'Portland', State: 'OR', ZIP: '97214', SalePrice: 399000, PropertyType: 'Condo', Bedrooms: 2, Bathrooms: 1, YearBuilt: 1960, BuildingArea: 85, AreaUnit: 'Square Meters', ParkingSpots: 0 }),
  listing({ MLSNumber: 'P402', Address: '60 Division St', City: 'Portland', State: 'OR', ZIP: '97202', SaleType: 'for_rent', RentPrice: 2400, Bedrooms: 2, Bathrooms: 1, ParkingSpots: 1, Status: 'Sold' }),
];
