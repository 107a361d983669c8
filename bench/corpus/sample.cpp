#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace inventory {

class Item {
public:
    Item(std::string name, int count) : name_(std::move(name)), count_(count) {}
    const std::string& name() const { return name_; }
    int count() const noexcept { return count_; }
    void add(int n) { count_ += n; }

private:
    std::string name_;
    int count_ = 0;
};

template <typename T>
T total(const std::vector<T>& values) {
    T sum{};
    for (const auto& v : values) sum += v;
    return sum;
}

}  // namespace inventory

int main() {
    std::map<std::string, inventory::Item> stock;
    stock.emplace("bolt", inventory::Item{"bolt", 12});
    stock.at("bolt").add(3);
    std::vector<int> counts;
    for (const auto& [key, item] : stock) {
        std::cout << key << ": " << item.count() << '\n';
        counts.push_back(item.count());
    }
    std::cout << "total " << inventory::total(counts) << std::endl;
    return 0;
}
